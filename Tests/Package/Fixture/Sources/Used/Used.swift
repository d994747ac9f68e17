public let used = 1
