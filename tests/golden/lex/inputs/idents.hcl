a a-b a_b _x x1 a--b a- é ü-1 é 変数 𝐀bc ℘x x·y Ω· ⸯ xⸯ
