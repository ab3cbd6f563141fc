;; Approximate scores of sign codes against a 4-bit query, 16 code bytes at a time (SIMD popcount).
;;
;; A row's code has one bit per dimension (vector/binary-codes.ts), `stride` bytes per row (a multiple of 16, padding
;; bits clear). The query is centred and quantised to 4-bit levels u_i, stored as four bit planes of `stride` bytes
;; each (plane b holds bit b of every u_i). With pc = the row's set bits and S = sum over planes of
;; 2^b x popcount(plane_b AND code) = the sum of u_i over the row's set bits, the row's approximate score is
;; lo x pc + delta x S, the dot product of the dequantised query with the row's bits.
(module
  (import "env" "memory" (memory 1))

  ;; Scores `n` rows into f32 `out[i]`: row i is `rows[i]` (i32s at `rows`), or i itself when `rows` is 0.
  (func (export "scan")
    (param $codes i32) (param $stride i32) (param $rows i32) (param $n i32)
    (param $planes i32) (param $lo f32) (param $delta f32) (param $out i32)
    (local $i i32) (local $row i32) (local $p i32) (local $pl i32) (local $end i32)
    (local $c v128) (local $t v128) (local $s v128) (local $pc v128)
    (local $stride2 i32) (local $stride3 i32)
    (local.set $stride2 (i32.shl (local.get $stride) (i32.const 1)))
    (local.set $stride3 (i32.add (local.get $stride2) (local.get $stride)))
    (block $done
      (loop $rows_loop
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $row
          (if (result i32) (local.get $rows)
            (then (i32.load (i32.add (local.get $rows) (i32.shl (local.get $i) (i32.const 2)))))
            (else (local.get $i))))
        (local.set $p (i32.add (local.get $codes) (i32.mul (local.get $row) (local.get $stride))))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (local.set $pl (local.get $planes))
        (local.set $s (v128.const i64x2 0 0))
        (local.set $pc (v128.const i64x2 0 0))
        (block $row_done
          (loop $chunks
            (br_if $row_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $c (v128.load (local.get $p)))
            (local.set $t (i8x16.popcnt (v128.and (local.get $c) (v128.load (local.get $pl)))))
            (local.set $t (i8x16.add (local.get $t)
              (i8x16.shl (i8x16.popcnt (v128.and (local.get $c) (v128.load (i32.add (local.get $pl) (local.get $stride))))) (i32.const 1))))
            (local.set $t (i8x16.add (local.get $t)
              (i8x16.shl (i8x16.popcnt (v128.and (local.get $c) (v128.load (i32.add (local.get $pl) (local.get $stride2))))) (i32.const 2))))
            (local.set $t (i8x16.add (local.get $t)
              (i8x16.shl (i8x16.popcnt (v128.and (local.get $c) (v128.load (i32.add (local.get $pl) (local.get $stride3))))) (i32.const 3))))
            (local.set $s (i16x8.add (local.get $s) (i16x8.extadd_pairwise_i8x16_u (local.get $t))))
            (local.set $pc (i16x8.add (local.get $pc) (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $c)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $pl (i32.add (local.get $pl) (i32.const 16)))
            (br $chunks)))
        (local.set $s (i32x4.extadd_pairwise_i16x8_u (local.get $s)))
        (local.set $pc (i32x4.extadd_pairwise_i16x8_u (local.get $pc)))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (f32.add
            (f32.mul (local.get $lo) (f32.convert_i32_u
              (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $pc)) (i32x4.extract_lane 1 (local.get $pc)))
                (i32.add (i32x4.extract_lane 2 (local.get $pc)) (i32x4.extract_lane 3 (local.get $pc))))))
            (f32.mul (local.get $delta) (f32.convert_i32_u
              (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $s)) (i32x4.extract_lane 1 (local.get $s)))
                (i32.add (i32x4.extract_lane 2 (local.get $s)) (i32x4.extract_lane 3 (local.get $s))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows_loop)))))
