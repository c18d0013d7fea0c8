;; startloop: its start function never returns; instantiating it must run out of fuel.
(module
  (memory (export "memory") 1)
  (func $start (loop $forever (br $forever)))
  (start $start)
  (data (i32.const 16) "sqlsh-wasm 1\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32)))
