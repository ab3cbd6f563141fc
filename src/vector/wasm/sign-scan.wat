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
        ;; Both sums reduced together: s's four i32 lanes and pc's, pairwise, then the halves of each added, so two
        ;; lane reads remain (lane 0: the sum of s, lane 2: the sum of pc).
        (local.set $s (i32x4.extadd_pairwise_i16x8_u (local.get $s)))
        (local.set $pc (i32x4.extadd_pairwise_i16x8_u (local.get $pc)))
        (local.set $t (i32x4.add
          (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $s) (local.get $pc))
          (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $s) (local.get $pc))))
        (local.set $t (i32x4.add (local.get $t) (i8x16.shuffle 4 5 6 7 0 1 2 3 12 13 14 15 8 9 10 11 (local.get $t) (local.get $t))))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (f32.add
            (f32.mul (local.get $lo) (f32.convert_i32_u (i32x4.extract_lane 2 (local.get $t))))
            (f32.mul (local.get $delta) (f32.convert_i32_u (i32x4.extract_lane 0 (local.get $t))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows_loop))))

  ;; Writes the sign codes of `n` int8 rows (`dims` values each, contiguous at `data`, row r scaled by f32
  ;; `scales[r]`) against the f32 `mean` (padded to whole 16-dimension blocks with +infinity, so padding bits stay
  ;; clear) to `out` + r x `stride`: bit i of the code is set when value_i x scale > mean_i, 16 dimensions per
  ;; 16-bit store. Memory past the last row must be readable (a block may run over it).
  (func (export "encode")
    (param $data i32) (param $scales i32) (param $mean i32) (param $n i32) (param $dims i32) (param $out i32) (param $stride i32)
    (local $r i32) (local $row i32) (local $m i32) (local $o i32) (local $k i32) (local $blocks i32)
    (local $scale v128) (local $v v128) (local $lo v128) (local $hi v128)
    (local.set $blocks (i32.shr_u (i32.add (local.get $dims) (i32.const 15)) (i32.const 4)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $row (i32.add (local.get $data) (i32.mul (local.get $r) (local.get $dims))))
        (local.set $scale (f32x4.splat (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2))))))
        (local.set $m (local.get $mean))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $r) (local.get $stride))))
        (local.set $k (i32.const 0))
        (block $row_done
          (loop $block
            (br_if $row_done (i32.ge_u (local.get $k) (local.get $blocks)))
            (local.set $v (v128.load (local.get $row)))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            (i32.store16 (local.get $o)
              (i8x16.bitmask
                (i8x16.narrow_i16x8_s
                  (i16x8.narrow_i32x4_s
                    (f32x4.gt (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $lo))) (local.get $scale)) (v128.load (local.get $m)))
                    (f32x4.gt (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $lo))) (local.get $scale)) (v128.load offset=16 (local.get $m))))
                  (i16x8.narrow_i32x4_s
                    (f32x4.gt (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $hi))) (local.get $scale)) (v128.load offset=32 (local.get $m)))
                    (f32x4.gt (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $hi))) (local.get $scale)) (v128.load offset=48 (local.get $m)))))))
            (local.set $row (i32.add (local.get $row) (i32.const 16)))
            (local.set $m (i32.add (local.get $m) (i32.const 64)))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $block)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))
)
