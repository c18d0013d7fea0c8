;; badabi: declares a function it exports with the wrong type; loading it must fail.
(module
  (memory (export "memory") 1)
  (data (i32.const 16) "sqlsh-wasm 1\nscalar wrong 1 : exported as (i32) -> i32\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32))
  (func (export "wrong") (param i32) (result i32) (local.get 0)))
