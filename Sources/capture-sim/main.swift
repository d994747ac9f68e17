import CaptureEngine
print("capture-sim")
