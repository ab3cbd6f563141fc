;; The sign scan (sign-scan.wat) over a transposed copy of a scope's codes: rows in groups of 16, group g holding, for
;; each code byte j, one v128 with byte j of its 16 rows (vector/transposed-codes.ts). The query is 2 x `bytes` tables of
;; 16 u8: for byte j, the sum of its 4-bit levels over the set bits of the low nibble (dimensions 8j..8j+3) and of the
;; high nibble (8j+4..8j+7). One i8x16.swizzle scores a nibble position of 16 rows, where the row-major scan needs
;; five i8x16.popcnt (a table sequence on x64) per 16 code bytes of one row. Each row's score is sign-scan.wat's,
;; bit for bit: lo x (set bits) + delta x (sum of levels), in f32. Writes 16 scores per group to `out`.
(module
  (import "env" "memory" (memory 1))
  (func (export "scan") (param $codes i32) (param $bytes i32) (param $groups i32) (param $tables i32) (param $lo f32) (param $delta f32) (param $out i32)
    (local $g i32) (local $p i32) (local $t i32) (local $j i32) (local $v v128) (local $ln v128) (local $hn v128)
    (local $a v128) (local $c v128) (local $s0 v128) (local $s1 v128) (local $c0 v128) (local $c1 v128) (local $pct v128) (local $m v128) (local $o i32)
    (local.set $pct (v128.const i8x16 0 1 1 2 1 2 2 3 1 2 2 3 2 3 3 4))
    (local.set $m (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
    (local.set $p (local.get $codes))
    (block $done (loop $gl
      (br_if $done (i32.ge_u (local.get $g) (local.get $groups)))
      (local.set $s0 (v128.const i64x2 0 0)) (local.set $s1 (v128.const i64x2 0 0))
      (local.set $c0 (v128.const i64x2 0 0)) (local.set $c1 (v128.const i64x2 0 0))
      (local.set $t (local.get $tables)) (local.set $j (i32.const 0))
      (block $bd (loop $bl
        (br_if $bd (i32.ge_u (local.get $j) (local.get $bytes)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $ln (v128.and (local.get $v) (local.get $m)))
        (local.set $hn (i8x16.shr_u (local.get $v) (i32.const 4)))
        (local.set $a (i8x16.add (i8x16.swizzle (v128.load (local.get $t)) (local.get $ln)) (i8x16.swizzle (v128.load offset=16 (local.get $t)) (local.get $hn))))
        (local.set $c (i8x16.add (i8x16.swizzle (local.get $pct) (local.get $ln)) (i8x16.swizzle (local.get $pct) (local.get $hn))))
        (local.set $s0 (i16x8.add (local.get $s0) (i16x8.extend_low_i8x16_u (local.get $a))))
        (local.set $s1 (i16x8.add (local.get $s1) (i16x8.extend_high_i8x16_u (local.get $a))))
        (local.set $c0 (i16x8.add (local.get $c0) (i16x8.extend_low_i8x16_u (local.get $c))))
        (local.set $c1 (i16x8.add (local.get $c1) (i16x8.extend_high_i8x16_u (local.get $c))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $t (i32.add (local.get $t) (i32.const 32)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $bl)))
      (local.set $o (i32.add (local.get $out) (i32.shl (local.get $g) (i32.const 6))))
      (v128.store (local.get $o) (f32x4.add (f32x4.mul (f32x4.splat (local.get $lo)) (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (local.get $c0))))
        (f32x4.mul (f32x4.splat (local.get $delta)) (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (local.get $s0))))))
      (v128.store offset=16 (local.get $o) (f32x4.add (f32x4.mul (f32x4.splat (local.get $lo)) (f32x4.convert_i32x4_u (i32x4.extend_high_i16x8_u (local.get $c0))))
        (f32x4.mul (f32x4.splat (local.get $delta)) (f32x4.convert_i32x4_u (i32x4.extend_high_i16x8_u (local.get $s0))))))
      (v128.store offset=32 (local.get $o) (f32x4.add (f32x4.mul (f32x4.splat (local.get $lo)) (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (local.get $c1))))
        (f32x4.mul (f32x4.splat (local.get $delta)) (f32x4.convert_i32x4_u (i32x4.extend_low_i16x8_u (local.get $s1))))))
      (v128.store offset=48 (local.get $o) (f32x4.add (f32x4.mul (f32x4.splat (local.get $lo)) (f32x4.convert_i32x4_u (i32x4.extend_high_i16x8_u (local.get $c1))))
        (f32x4.mul (f32x4.splat (local.get $delta)) (f32x4.convert_i32x4_u (i32x4.extend_high_i16x8_u (local.get $s1))))))
      (local.set $g (i32.add (local.get $g) (i32.const 1)))
      (br $gl))))

  ;; Copies `n` row-major codes (`bytes` each, contiguous at `src`) to scope positions `from`..`from + n` of the
  ;; transposed area at `dst`: byte j of position i goes to dst + ((i >> 4) x bytes + j) x 16 + (i & 15).
  (func (export "transpose") (param $src i32) (param $from i32) (param $n i32) (param $bytes i32) (param $dst i32)
    (local $k i32) (local $i i32) (local $j i32) (local $s i32) (local $d i32)
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $i (i32.add (local.get $from) (local.get $k)))
        (local.set $s (i32.add (local.get $src) (i32.mul (local.get $k) (local.get $bytes))))
        (local.set $d (i32.add (local.get $dst)
          (i32.add (i32.shl (i32.mul (i32.shr_u (local.get $i) (i32.const 4)) (local.get $bytes)) (i32.const 4))
                   (i32.and (local.get $i) (i32.const 15)))))
        (local.set $j (i32.const 0))
        (block $row_done
          (loop $row_bytes
            (br_if $row_done (i32.ge_u (local.get $j) (local.get $bytes)))
            (i32.store8 (local.get $d) (i32.load8_u (i32.add (local.get $s) (local.get $j))))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $row_bytes)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))
)
