/// One folder's entries as the scanner classifies them (hidden entries skipped).
struct FolderListing {
    /// A visible sub-folder (links followed): its name and identity.
    struct Subfolder: Equatable {
        var name: [UInt8]
        var key: FolderKey
    }

    /// Photos in natural order of their names.
    var photos: [Photo] = []
    /// Sub-folders in natural order of their names (empty when sub-folders were not asked for).
    var subfolders: [Subfolder] = []
    /// Files not shown, by reason.
    var notShown = NotShownCounts()
    /// Photo files (by extension) that could not be read.
    var problems: [ScanProblem] = []
}
