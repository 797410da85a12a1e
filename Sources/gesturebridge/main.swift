print("gesturebridge")
