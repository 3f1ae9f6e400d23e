a = {for k, v in m: v => k...}
b = {for k, v in m: v => k... if k != ""}
