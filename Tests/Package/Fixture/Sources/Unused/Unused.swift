public let unused = 1
