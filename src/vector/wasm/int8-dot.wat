;; Dot products of a float query with int8 rows, 16 dimensions per step (SIMD), bit for bit what vector/int8.ts
;; dotInt8 computes in JavaScript: the query is held as f64 (its f32 values widened), each product query_i x value_i
;; is exact in f64, and the four partial sums s_j (dimensions i = j mod 4, in order) live in the lanes of two f64x2
;; accumulators, A = (s0, s1) and B = (s2, s3), so every addition happens in the same order as there; the result is
;; (((s0 + s1) + s2) + s3) x scale. `dims` must be a multiple of 16.
(module
  (import "env" "memory" (memory 1))

  ;; Scores `n` rows, contiguous at `data` (`dims` bytes each), into f64 `out[r]`, row r scaled by f32 `scales[r]`;
  ;; the query is `dims` f64 values at `query`.
  (func (export "dots")
    (param $data i32) (param $n i32) (param $dims i32) (param $query i32) (param $scales i32) (param $out i32)
    (local $r i32) (local $p i32) (local $q i32) (local $end i32)
    (local $v v128) (local $h v128) (local $w v128) (local $a v128) (local $b v128)
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $p (i32.add (local.get $data) (i32.mul (local.get $r) (local.get $dims))))
        (local.set $end (i32.add (local.get $p) (local.get $dims)))
        (local.set $q (local.get $query))
        (local.set $a (v128.const i64x2 0 0))
        (local.set $b (v128.const i64x2 0 0))
        (block $row_done
          (loop $blocks
            (br_if $row_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $v (v128.load (local.get $p)))
            ;; dimensions 0-7 of the block
            (local.set $h (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $w (i32x4.extend_low_i16x8_s (local.get $h)))
            (local.set $a (f64x2.add (local.get $a) (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $w)) (v128.load (local.get $q)))))
            (local.set $b (f64x2.add (local.get $b) (f64x2.mul (f64x2.convert_low_i32x4_s
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $w) (local.get $w))) (v128.load offset=16 (local.get $q)))))
            (local.set $w (i32x4.extend_high_i16x8_s (local.get $h)))
            (local.set $a (f64x2.add (local.get $a) (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $w)) (v128.load offset=32 (local.get $q)))))
            (local.set $b (f64x2.add (local.get $b) (f64x2.mul (f64x2.convert_low_i32x4_s
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $w) (local.get $w))) (v128.load offset=48 (local.get $q)))))
            ;; dimensions 8-15
            (local.set $h (i16x8.extend_high_i8x16_s (local.get $v)))
            (local.set $w (i32x4.extend_low_i16x8_s (local.get $h)))
            (local.set $a (f64x2.add (local.get $a) (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $w)) (v128.load offset=64 (local.get $q)))))
            (local.set $b (f64x2.add (local.get $b) (f64x2.mul (f64x2.convert_low_i32x4_s
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $w) (local.get $w))) (v128.load offset=80 (local.get $q)))))
            (local.set $w (i32x4.extend_high_i16x8_s (local.get $h)))
            (local.set $a (f64x2.add (local.get $a) (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $w)) (v128.load offset=96 (local.get $q)))))
            (local.set $b (f64x2.add (local.get $b) (f64x2.mul (f64x2.convert_low_i32x4_s
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $w) (local.get $w))) (v128.load offset=112 (local.get $q)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $q (i32.add (local.get $q) (i32.const 128)))
            (br $blocks)))
        (f64.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 3)))
          (f64.mul
            (f64.add
              (f64.add
                (f64.add (f64x2.extract_lane 0 (local.get $a)) (f64x2.extract_lane 1 (local.get $a)))
                (f64x2.extract_lane 0 (local.get $b)))
              (f64x2.extract_lane 1 (local.get $b)))
            (f64.promote_f32 (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2)))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))
)
