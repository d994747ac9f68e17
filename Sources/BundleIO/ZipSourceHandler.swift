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

/// The answers of a readable source whose size libzip is not told (``BlockFileSource``,
/// ``ZipStreamSource``) to the commands every such source answers alike: `ZIP_SOURCE_SUPPORTS` (the
/// readable commands), `ZIP_SOURCE_STAT` (an empty stat from `zip_stat_init`, so libzip gives the
/// entry's local header a Zip64 field whatever the size, so the entry's data starts at the same offset
/// for a 1 KB and a 5 GB file; libzip takes the size from the bytes it copies), `ZIP_SOURCE_ERROR`
/// (`zip_error_to_data` of the source's `error`) and any command it does not support
/// (`ZIP_ER_OPNOTSUPP`). Returns nil for `ZIP_SOURCE_OPEN`, `ZIP_SOURCE_READ` and `ZIP_SOURCE_CLOSE`,
/// which the source answers itself.
package func readableSourceAnswer(_ command: zip_source_cmd_t, _ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t,
                                  error: inout zip_error_t) -> zip_int64_t? {
    switch command {
    case ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE:
        return nil
    case ZIP_SOURCE_SUPPORTS:
        return zipSourceCommandMask(readableZipSourceCommands)
    case ZIP_SOURCE_STAT:
        guard let data, length >= zip_uint64_t(MemoryLayout<zip_stat_t>.size) else {
            zip_error_set(&error, ZIP_ER_INVAL, 0)
            return -1
        }
        zip_stat_init(data.assumingMemoryBound(to: zip_stat_t.self))
        return zip_int64_t(MemoryLayout<zip_stat_t>.size)
    case ZIP_SOURCE_ERROR:
        guard let data else { return -1 }
        return zip_error_to_data(&error, data, length)
    default:
        zip_error_set(&error, ZIP_ER_OPNOTSUPP, 0)
        return -1
    }
}
