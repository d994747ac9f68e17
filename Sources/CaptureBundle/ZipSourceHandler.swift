import CZip

/// An object that answers libzip's source commands (``ZipArchiveFile``, ``BlockFileSource``): libzip
/// holds it, retained, as the user data of ``zipSourceCallback(_:_:_:_:)`` until `ZIP_SOURCE_FREE`.
protocol ZipSourceHandler: AnyObject {
    func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t
}

extension ZipSourceHandler {
    /// A libzip source made by `create` (`zip_source_function` or `zip_source_function_create` with
    /// ``zipSourceCallback(_:_:_:_:)``) from a retained reference to this object, which libzip releases
    /// at `ZIP_SOURCE_FREE`; the reference is released again when `create` fails.
    func retainedSource(_ create: (UnsafeMutableRawPointer) -> OpaquePointer?) -> OpaquePointer? {
        let retained = Unmanaged.passRetained(self)
        guard let source = create(retained.toOpaque()) else {
            retained.release()
            return nil
        }
        return source
    }
}

/// libzip's callback for every ``ZipSourceHandler``: hands each command to the object.
func zipSourceCallback(_ userdata: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?,
                       _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
    guard let userdata,
          let handler = Unmanaged<AnyObject>.fromOpaque(userdata).takeUnretainedValue() as? any ZipSourceHandler else {
        return -1
    }
    return handler.handle(data, length, command)
}
