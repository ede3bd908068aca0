import PhotoPipeline
import StackEngine

/// What an action applies to: the photos meant (each with its album), and on the albums screen the album (stack)
/// meant. Resolved when the user asks (`ActionController+Targets.swift`): the photo under the pointer, the photo
/// view's photo, or the selection.
struct ActionTargets {
    /// The photos, in album order, each with the album it is in.
    var photos: [(photo: Photo, album: Album)] = []
    /// The album meant on the albums screen (its stack's section), or the album of the grid or photo view.
    var album: (section: Int?, album: Album)?
    /// Where a slideshow started from these targets begins: the index of the first photo in `album`.
    var startIndex = 0

    var isEmpty: Bool { photos.isEmpty && album == nil }

    /// "IMG_0001.jpg" or "3 photos".
    var summary: String {
        photos.count == 1 ? photos[0].photo.displayName : "\(photos.count) photos"
    }
}
