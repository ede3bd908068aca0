/// What a photo card shows.
public enum PhotoCardContent {
    /// A decoded photo, aspect-filled into the card.
    case image(ImageSurface)
    /// The photo is still loading: a neutral placeholder.
    case loading
    /// The photo could not be read: a broken-photo mark.
    case broken
}
