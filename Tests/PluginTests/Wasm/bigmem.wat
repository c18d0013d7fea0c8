;; bigmem: asks for 64 MiB of memory at start, over the default limit of 32 MiB.
(module
  (memory (export "memory") 1024)
  (data (i32.const 16) "sqlsh-wasm 1\nscalar big_pages 0 : its memory in pages\n\00")
  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func (export "sqlsh_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "sqlsh_free") (param i32))
  (func (export "big_pages") (param i32 i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (memory.size)))))
