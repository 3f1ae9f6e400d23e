café = 1
naïve-name = 2
日本語 = 3
Δ = 4
