a = b.
