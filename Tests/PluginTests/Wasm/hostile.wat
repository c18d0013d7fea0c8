;; hostile: a module whose every function misbehaves in its own way, for the sandbox tests
;; (make wasm-plugins builds hostile.wasm). Each call must fail with an SQL error, or stay
;; within its limits, and leave the shell answering.
(module
  (memory (export "memory") 1)
  (global $top (mut i32) (i32.const 8192))
  (data (i32.const 16) "sqlsh-wasm 1\n"
    "plugin hostile 1.0 : Misbehaving functions\n"
    "scalar h_trap 0 : unreachable\n"
    "scalar h_oob 0 : reads far outside its memory\n"
    "scalar h_spin 0 : an endless loop\n"
    "scalar h_recurse 0 : endless recursion\n"
    "scalar h_hog 0 : grows its memory until refused; the pages it got\n"
    "scalar h_hog_trap 0 : grows its memory until refused, then traps\n"
    "scalar h_bad_pointer 0 : a text result outside its memory\n"
    "scalar h_bad_type 0 : a result of type 99\n"
    "scalar h_negative_length 0 : a text result of length -1\n"
    "scalar h_huge_length 0 : a blob result of 2 GiB\n"
    "scalar h_bad_utf8 0 : a text result that is not UTF-8\n"
    "scalar h_fail 0 : an error result\n"
    "scalar h_echo any : its first argument back, whatever its type\n"
    "scalar h_length 1 : the length of a text or blob argument\n"
    "aggregate h_agg_trap 1 state=8 : traps in step on the third row\n"
    "scalar h_escape 0 : an error result with control characters and an escape sequence\n"
    "scalar h_grow_pages 0 : grows its memory one page at a time until refused; the pages it has\n\00")
  (data (i32.const 4000) "\ff\fe\fd")
  (data (i32.const 4016) "refused on purpose")
  ;; 38 bytes: ESC [2J (clear the screen), ESC ]0;owned BEL (set the title), a carriage return,
  ;; a backspace, DEL and a colour, around words a terminal would otherwise show in their place.
  (data (i32.const 4048) "bad\1b[2J\1b]0;owned\07 text\0dfaked\08\7f\1b[31mred")

  (func (export "sqlsh_manifest") (result i32) (i32.const 16))
  (func $alloc (export "sqlsh_alloc") (param $size i32) (result i32)
    (local $start i32) (local $end i32)
    (local.set $start (global.get $top))
    (local.set $end (i32.and (i32.add (i32.add (local.get $start) (local.get $size)) (i32.const 7)) (i32.const -8)))
    (if (i32.lt_u (local.get $end) (local.get $start)) (then (return (i32.const 0))))
    (if (i32.gt_u (local.get $end) (i32.mul (memory.size) (i32.const 65536)))
      (then
        (if (i32.eq (memory.grow (i32.sub (i32.add (i32.shr_u (local.get $end) (i32.const 16)) (i32.const 1)) (memory.size)))
                    (i32.const -1))
          (then (return (i32.const 0))))))
    (global.set $top (local.get $end))
    (local.get $start))
  (func (export "sqlsh_free") (param $block i32) (global.set $top (local.get $block)))

  (func $result (param $at i32) (param $type i32) (param $length i32) (param $pointer i32)
    (i32.store (local.get $at) (local.get $type))
    (i32.store offset=4 (local.get $at) (local.get $length))
    (i32.store offset=8 (local.get $at) (local.get $pointer)))

  (func (export "h_trap") (param i32 i32 i32) (unreachable))
  (func (export "h_oob") (param i32 i32 i32) (drop (i32.load (i32.const 0xFFFFFFF0))))
  (func (export "h_spin") (param i32 i32 i32) (loop $forever (br $forever)))
  (func $recurse (export "h_recurse") (param i32 i32 i32) (call $recurse (i32.const 0) (i32.const 0) (i32.const 0)))
  (func $grow (result i32)
    (local $pages i32)
    (block $refused
      (loop $more
        (br_if $refused (i32.eq (memory.grow (i32.const 16)) (i32.const -1)))
        (local.set $pages (i32.add (local.get $pages) (i32.const 16)))
        (br $more)))
    (local.get $pages))
  (func (export "h_hog") (param i32 i32) (param $r i32)
    (drop (call $grow))
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (memory.size))))
  (func (export "h_hog_trap") (param i32 i32 i32) (drop (call $grow)) (unreachable))
  (func (export "h_bad_pointer") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 3) (i32.const 100) (i32.const 0xFFFFFF00)))
  (func (export "h_bad_type") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 99) (i32.const 0) (i32.const 0)))
  (func (export "h_negative_length") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 3) (i32.const -1) (i32.const 16)))
  (func (export "h_huge_length") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 4) (i32.const 0x7FFFFFFF) (i32.const 16)))
  (func (export "h_bad_utf8") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 3) (i32.const 3) (i32.const 4000)))
  (func (export "h_escape") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 6) (i32.const 38) (i32.const 4048)))
  (func (export "h_grow_pages") (param i32 i32) (param $r i32)
    (block $refused
      (loop $more
        (br_if $refused (i32.eq (memory.grow (i32.const 1)) (i32.const -1)))
        (br $more)))
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (memory.size))))
  (func (export "h_fail") (param i32 i32) (param $r i32)
    (call $result (local.get $r) (i32.const 6) (i32.const 18) (i32.const 4016)))
  ;; The 16-byte record of the first argument, copied as the result: text and blob pointers
  ;; point into the call's block, which is still there when sqlsh reads the result.
  (func (export "h_echo") (param $argv i32) (param $argc i32) (param $r i32)
    (if (i32.eqz (local.get $argc)) (then (return)))
    (i64.store (local.get $r) (i64.load (local.get $argv)))
    (i64.store offset=8 (local.get $r) (i64.load offset=8 (local.get $argv))))
  (func (export "h_length") (param $argv i32) (param $argc i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.extend_i32_u (i32.load offset=4 (local.get $argv)))))
  (func (export "h_agg_trap_step") (param $state i32) (param i32 i32 i32)
    (i64.store (local.get $state) (i64.add (i64.load (local.get $state)) (i64.const 1)))
    (if (i64.eq (i64.load (local.get $state)) (i64.const 3)) (then (unreachable))))
  (func (export "h_agg_trap_final") (param $state i32) (param $r i32)
    (i32.store (local.get $r) (i32.const 1))
    (i64.store offset=8 (local.get $r) (i64.load (local.get $state))))
)
