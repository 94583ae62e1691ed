print("cascade-bench: not built yet")
