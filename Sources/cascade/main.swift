print("cascade: not built yet")
