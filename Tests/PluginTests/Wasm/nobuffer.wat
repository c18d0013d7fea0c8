;; nobuffer: a module that declares ABI 2 but exports ABI 1's sqlsh_alloc and sqlsh_free in
;; place of sqlsh_buffer (make wasm-plugins builds nobuffer.wasm): its load fails, naming the export.
(module
  (memory (export "memory") 1)
  (data (i32.const 16) "sqlsh-wasm 2\nscalar f 0 : never called\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32))
  (func (export "f") (param i32 i32 i32)))
