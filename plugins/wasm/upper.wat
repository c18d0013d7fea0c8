;; upper: the example WebAssembly plugin in the text format (make wasm-plugins runs
;; wat2wasm -o upper.wasm upper.wat). Two functions:
;;   wat_upper(X)    X's ASCII letters in upper case (a text; NULL gives NULL)
;;   wat_add(A, B)   A + B for two integers, an error on overflow, NULL otherwise
(module
  (memory (export "memory") 1)
  (data (i32.const 16) "sqlsh-wasm 2\n"
    "plugin upper 1.0 : ASCII upper case and integer sums, an example plugin in WAT\n"
    "scalar wat_upper 1 deterministic innocuous : ASCII letters in upper case\n"
    "example SELECT wat_upper('abc-é');  -- ABC-é\n"
    "scalar wat_add 2 deterministic innocuous : The sum of two integers, an error on overflow\n"
    "example SELECT wat_add(40, 2);  -- 42\n\00")
  (data (i32.const 1024) "integer overflow")

  (func (export "sqlsh_manifest") (result i32) (i32.const 16))

  ;; From 4096 up: sqlsh's buffer, then the results of a call (taken back at the next call).
  (global $buffer_end (mut i32) (i32.const 4096))
  ;; Whether the memory reaches $end, growing it when needed.
  (func $reach (param $end i32) (result i32)
    (if (i32.le_u (local.get $end) (i32.mul (memory.size) (i32.const 65536)))
      (then (return (i32.const 1))))
    (i32.ne (memory.grow (i32.sub (i32.add (i32.shr_u (local.get $end) (i32.const 16)) (i32.const 1)) (memory.size)))
            (i32.const -1)))
  ;; sqlsh_buffer(size): the buffer for every call's values, at 4096 (0 when there is no room).
  (func (export "sqlsh_buffer") (param $size i32) (result i32)
    (local $end i32)
    (local.set $end (i32.and (i32.add (i32.add (i32.const 4096) (local.get $size)) (i32.const 7)) (i32.const -8)))
    (if (i32.or (i32.lt_s (local.get $size) (i32.const 0)) (i32.eqz (call $reach (local.get $end))))
      (then (return (i32.const 0))))
    (global.set $buffer_end (local.get $end))
    (i32.const 4096))
  ;; A result's bytes after the buffer (0 when there is no room): the previous call's are not needed.
  (func $result_space (param $size i32) (result i32)
    (local $end i32)
    (local.set $end (i32.and (i32.add (i32.add (global.get $buffer_end) (local.get $size)) (i32.const 7)) (i32.const -8)))
    (if (i32.lt_u (local.get $end) (global.get $buffer_end)) (then (return (i32.const 0))))
    (if (i32.eqz (call $reach (local.get $end))) (then (return (i32.const 0))))
    (global.get $buffer_end))

  ;; wat_upper(argv, argc, result): copies the text, upper-casing a to z.
  (func (export "wat_upper") (param $argv i32) (param $argc i32) (param $result i32)
    (local $length i32) (local $from i32) (local $to i32) (local $i i32) (local $c i32)
    (if (i32.ne (i32.load (local.get $argv)) (i32.const 3)) (then (return)))  ;; not a text: NULL
    (local.set $length (i32.load offset=4 (local.get $argv)))
    (local.set $from (i32.load offset=8 (local.get $argv)))
    (local.set $to (call $result_space (local.get $length)))
    (if (i32.eqz (local.get $to)) (then (unreachable)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $length)))
        (local.set $c (i32.load8_u (i32.add (local.get $from) (local.get $i))))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 97)) (i32.const 26))
          (then (local.set $c (i32.sub (local.get $c) (i32.const 32)))))
        (i32.store8 (i32.add (local.get $to) (local.get $i)) (local.get $c))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.store (local.get $result) (i32.const 3))
    (i32.store offset=4 (local.get $result) (local.get $length))
    (i32.store offset=8 (local.get $result) (local.get $to)))

  ;; wat_add(argv, argc, result): two integers, or NULL.
  (func (export "wat_add") (param $argv i32) (param $argc i32) (param $result i32)
    (local $a i64) (local $b i64) (local $sum i64)
    (if (i32.ne (i32.load (local.get $argv)) (i32.const 1)) (then (return)))
    (if (i32.ne (i32.load offset=16 (local.get $argv)) (i32.const 1)) (then (return)))
    (local.set $a (i64.load offset=8 (local.get $argv)))
    (local.set $b (i64.load offset=24 (local.get $argv)))
    (local.set $sum (i64.add (local.get $a) (local.get $b)))
    ;; Overflow when both operands have the sign the sum lacks.
    (if (i64.lt_s (i64.and (i64.xor (local.get $a) (local.get $sum)) (i64.xor (local.get $b) (local.get $sum))) (i64.const 0))
      (then
        (i32.store (local.get $result) (i32.const 6))
        (i32.store offset=4 (local.get $result) (i32.const 16))
        (i32.store offset=8 (local.get $result) (i32.const 1024))
        (return)))
    (i32.store (local.get $result) (i32.const 1))
    (i64.store offset=8 (local.get $result) (local.get $sum)))
)
