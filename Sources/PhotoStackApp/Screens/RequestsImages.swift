/// A screen that asks the photo service for its images only when what it shows changes (not at every update):
/// asked again when every image has to be loaded anew (the display's colour profile changed).
protocol RequestsImages: AnyObject {
    /// Asks the photo service for the images the screen shows and prefetches.
    func requestImages()
}
