# An index key that fails to parse is folded as a placeholder, as in hclsyntax.
a = x[ ? ].y
