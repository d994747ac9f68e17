import Used

public let a = used
