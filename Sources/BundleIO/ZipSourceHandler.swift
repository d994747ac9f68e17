import CZip

/// An object that answers libzip's source commands (``ZipArchiveFile``, ``BlockFileSource``,
/// ``ZipStreamSource``): libzip holds it, retained in a ``ZipSourceBox``, as the user data of
/// ``zipSourceCallback(_:_:_:_:)`` until `ZIP_SOURCE_FREE`.
package protocol ZipSourceHandler: AnyObject {
    func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t
}

/// The user data libzip holds for a source: the handler, typed once, so that the callback needs no
/// dynamic cast for each of the million commands a large archive takes.
package final class ZipSourceBox {
    package let handler: any ZipSourceHandler
    package init(_ handler: any ZipSourceHandler) { self.handler = handler }
}

extension ZipSourceHandler {
    /// A libzip source made by `create` (`zip_source_function` or `zip_source_function_create` with
    /// ``zipSourceCallback(_:_:_:_:)``) from a retained box holding this object, which the callback
    /// releases at `ZIP_SOURCE_FREE`; the box is released again when `create` fails.
    package func retainedSource(_ create: (UnsafeMutableRawPointer) -> OpaquePointer?) -> OpaquePointer? {
        let retained = Unmanaged.passRetained(ZipSourceBox(self))
        guard let source = create(retained.toOpaque()) else {
            retained.release()
            return nil
        }
        return source
    }
}

/// libzip's callback for every ``ZipSourceHandler``: hands each command to the object, except
/// `ZIP_SOURCE_FREE`, which releases it.
package func zipSourceCallback(_ userdata: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?,
                       _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
    guard let userdata else { return -1 }
    let box = Unmanaged<ZipSourceBox>.fromOpaque(userdata)
    if command == ZIP_SOURCE_FREE {
        box.release()
        return 0
    }
    return box.takeUnretainedValue().handler.handle(data, length, command)
}

/// The commands of a readable source (libzip's `ZIP_SOURCE_SUPPORTS_READABLE`).
package let readableZipSourceCommands = [ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR,
                                 ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS]

/// What a source answers to `ZIP_SOURCE_SUPPORTS`: the bit of each command it handles
/// (`ZIP_SOURCE_MAKE_COMMAND_BITMASK`).
package func zipSourceCommandMask(_ commands: [zip_source_cmd_t]) -> zip_int64_t {
    commands.reduce(0) { $0 | (zip_int64_t(1) << zip_int64_t($1.rawValue)) }
}

/// The answer of a source whose size libzip is not told to `ZIP_SOURCE_STAT`: an empty stat
/// (`zip_stat_init`), so libzip gives the entry's local header a Zip64 field and takes the size from
/// the bytes it copies. Returns the bytes written, or nil when libzip's buffer is too small for a
/// `zip_stat_t` (the caller then fails with `ZIP_ER_INVAL`).
package func zipStatOfUnknownSize(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t) -> zip_int64_t? {
    guard let data, length >= zip_uint64_t(MemoryLayout<zip_stat_t>.size) else { return nil }
    zip_stat_init(data.assumingMemoryBound(to: zip_stat_t.self))
    return zip_int64_t(MemoryLayout<zip_stat_t>.size)
}
