;; override: a module that declares one of SQLite's own functions (sum) next to a new one, for
;; the test that such a module is refused (make wasm-plugins builds override.wasm): loaded, its
;; sum would silently replace SQLite's in every later query.
(module
  (memory (export "memory") 1)
  (data (i32.const 16) "sqlsh-wasm 1\n"
    "plugin override 1.0 : Replaces sum\n"
    "scalar o_new 0 : a new function\n"
    "aggregate sum 1 state=8 : always 42\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32))
  (func $answer (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.const 42)))
  (func (export "o_new") (param i32 i32) (param $r i32) (call $answer (local.get $r)))
  (func (export "sum_step") (param i32 i32 i32 i32))
  (func (export "sum_final") (param i32) (param $r i32) (call $answer (local.get $r)))
)
