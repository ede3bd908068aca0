/// Events delivered (on the scanning thread) by `PhotoLibrary.scan`.
public enum ScanEvent: Sendable {
    case album(Album)
    case progress(ScanProgress)
    case problem(ScanProblem)
    case finished(PhotoLibrary)
}
