a = "cost: $"
b = "100%"
