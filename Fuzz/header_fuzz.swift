// libFuzzer harness for PhotoStack's header readers and the EXIF-thumbnail policy as the app runs them
// (ImageDecoder.readHeader, decodeEmbeddedThumbnail, and a full decode of the bytes through a SafeFile),
// compiled together with the C shims by scripts/fuzz.sh (swiftc -sanitize=fuzzer,address).
import CScratch
#if canImport(Glibc)
import Glibc
#endif

/// One scratch file per fuzzing process (in /dev/shm when there is one: no disk writes).
let scratchPath = (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/photostack-fuzz-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = ImageDecoder(limits: DecodeLimits(maxSourcePixels: 4_000_000, maxScaledOutputPixels: 1_000_000,
                                                    maxWorkingMemory: 64 << 20))
    _ = try? decoder.readHeader(bytes: bytes)
    _ = decoder.decodeEmbeddedThumbnail(bytes: bytes)
    // Through a file, as the pipeline reads photos (prefix, EXIF, streaming decode, downscale).
    let fd = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    if fd >= 0 {
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if case .success(let file) = SafeFile.open(PhotoPath(scratchPath), kind: .photo, maxBytes: 1 << 20) {
            _ = try? decoder.readHeader(file: file)
            _ = try? decoder.decode(file: file, targetSize: 64, downscaleTo: 64)
        }
    }
    if ps_budget_in_use() != 0 { fatalError("decode budget leak: \(ps_budget_in_use()) bytes still reserved") }
    return 0
}
