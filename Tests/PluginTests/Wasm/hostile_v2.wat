;; hostile_v2: an ABI 2 module whose buffer and functions misbehave, for the sandbox tests
;; (make wasm-plugins builds hostile_v2.wasm). sqlsh keeps the buffer sqlsh_buffer gives and asks
;; again only when a call needs more room; h2_mode(N) picks what the next answer is:
;;   0  a buffer at 8192 (growing the memory as needed)    1  an address outside the memory
;;   2  0 (out of memory)                                  3  a trap
;;   4  a buffer that runs past the end of the memory
(module
  (memory (export "memory") 1)
  (global $mode (mut i32) (i32.const 0))
  (data (i32.const 16) "sqlsh-wasm 2\n"
    "plugin hostile_v2 1.0 : Misbehaving functions and buffers, ABI 2\n"
    "scalar h2_mode 1 : what the next sqlsh_buffer answers\n"
    "scalar h2_echo any : its first argument back, read from the buffer\n"
    "scalar h2_trap 0 : unreachable\n"
    "scalar h2_spin 0 : an endless loop\n"
    "scalar h2_scribble any : overwrites the whole buffer with 0xFF, then returns NULL\n"
    "scalar h2_bad_pointer 0 : a text result outside its memory\n"
    "scalar h2_negative_length 0 : a blob result of length -1\n"
    "scalar h2_huge_length 0 : a blob result of 2 GiB\n"
    "scalar h2_bad_type 0 : a result of type 99\n"
    "scalar h2_argc any : the argument count it was given\n"
    "scalar h2_asked 0 : how many times sqlsh_buffer was called\n"
    "aggregate h2_count 1 state=8 : rows, trapping on the third when the argument is 'trap'\n\00")

  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (global $size (mut i32) (i32.const 0))
  (global $asked (mut i32) (i32.const 0))
  (func (export "sqlsh_buffer") (param $size i32) (result i32)
    (local $end i32)
    (global.set $asked (i32.add (global.get $asked) (i32.const 1)))
    (if (i32.eq (global.get $mode) (i32.const 1)) (then (return (i32.const 0xFFFFFF00))))
    (if (i32.eq (global.get $mode) (i32.const 2)) (then (return (i32.const 0))))
    (if (i32.eq (global.get $mode) (i32.const 3)) (then (unreachable)))
    (if (i32.eq (global.get $mode) (i32.const 4))
      (then (return (i32.sub (i32.mul (memory.size) (i32.const 65536)) (i32.const 16)))))
    (local.set $end (i32.add (i32.const 8192) (local.get $size)))
    (if (i32.gt_u (local.get $end) (i32.mul (memory.size) (i32.const 65536)))
      (then
        (if (i32.eq (memory.grow (i32.sub (i32.add (i32.shr_u (local.get $end) (i32.const 16)) (i32.const 1)) (memory.size)))
                    (i32.const -1))
          (then (return (i32.const 0))))))
    (global.set $size (local.get $size))
    (i32.const 8192))

  (func $result (param $at i32) (param $type i32) (param $length i32) (param $pointer i32)
    (i32.store (local.get $at) (local.get $type))
    (i32.store offset=4 (local.get $at) (local.get $length))
    (i32.store offset=8 (local.get $at) (local.get $pointer)))

  (func (export "h2_mode") (param $argv i32) (param i32) (param $r i32)
    (global.set $mode (i32.load offset=8 (local.get $argv))))
  ;; The first argument's record as the result: a text or blob points into the buffer.
  (func (export "h2_echo") (param $argv i32) (param $argc i32) (param $r i32)
    (if (i32.eqz (local.get $argc)) (then (return)))
    (i64.store (local.get $r) (i64.load (local.get $argv)))
    (i64.store offset=8 (local.get $r) (i64.load offset=8 (local.get $argv))))
  (func (export "h2_trap") (param i32 i32 i32) (unreachable))
  (func (export "h2_spin") (param i32 i32 i32) (loop $forever (br $forever)))
  ;; Every byte of the buffer (from 8192, the size last asked) set to 0xFF, the result record too.
  (func (export "h2_scribble") (param i32 i32) (param $r i32)
    (memory.fill (i32.const 8192) (i32.const 0xFF) (global.get $size))
    (call $result (local.get $r) (i32.const 5) (i32.const 0) (i32.const 0)))
  (func (export "h2_bad_pointer") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 3) (i32.const 100) (i32.const 0xFFFFFF00)))
  (func (export "h2_negative_length") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 4) (i32.const -1) (i32.const 8192)))
  (func (export "h2_huge_length") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 4) (i32.const 0x7FFFFFFF) (i32.const 8192)))
  (func (export "h2_bad_type") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 99) (i32.const 0) (i32.const 0)))
  (func (export "h2_argc") (param i32) (param $argc i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (local.get $argc))))
  (func (export "h2_asked") (param i32 i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (global.get $asked))))
  (func (export "h2_count_step") (param $state i32) (param $argv i32) (param i32 i32)
    (i64.store (local.get $state) (i64.add (i64.load (local.get $state)) (i64.const 1)))
    (if (i32.and (i64.eq (i64.load (local.get $state)) (i64.const 3))
                 (i32.eq (i32.load (local.get $argv)) (i32.const 3)))
      (then (unreachable))))
  (func (export "h2_count_final") (param $state i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.load (local.get $state))))
)
