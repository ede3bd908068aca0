import StackEngine

/// The photo view's shared-element transition: one photo carried between its grid cell and its place in the view.
/// Opening starts at the cell (square, with the card's border, the grid showing) and ends on the photo's resting
/// rectangle (the view's background opaque); closing runs the other way into the cell of the photo shown. The
/// photo's presented frame and opacity (`alpha`: 0 = the card in the grid, 1 = the photo in the view) follow an
/// `AttributeAnimation` towards a target the screen supplies at every frame, so the target may move (a slide, the
/// grid scrolling) and a close during the opening starts from the presented frame and its velocity.
struct PhotoTransition {
    enum Phase: String { case opening, closing }

    var phase: Phase
    /// The photo carried (album index).
    var index: Int
    var animation: AttributeAnimation
    /// False until the first update: an opening starts with the first frame drawn, so that frame shows the cell.
    var started: Bool
}
