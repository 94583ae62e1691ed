print("cascade-gallery: not built yet")
