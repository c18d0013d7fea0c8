extension AuthorizationRequest {
    /// The four action-specific texts (``parameter1``, ``parameter2``, ``database``,
    /// ``trigger``) as the bytes SQLite passes, nil where it passes none: no decoding, so
    /// names that are not valid UTF-8 keep their bytes. Valid only during the callback.
    public var parameterBytes: [UnsafeBufferPointer<UInt8>?] {
        [p1, p2, p3, p4].map { text in
            text.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
