@testable import Used
import struct Unused.Missing
#if canImport(Glibc)
  import Glibc
#endif

public let b = used
