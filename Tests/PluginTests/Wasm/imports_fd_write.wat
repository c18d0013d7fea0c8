;; imports_fd_write: imports WASI's fd_write, which sqlsh never grants; loading it must fail.
(module
  (import "wasi_snapshot_preview1" "fd_write" (func (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (data (i32.const 16) "sqlsh-wasm 1\nscalar say 0 : would write\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32))
  (func (export "say") (param i32 i32 i32)))
