import Canvas
import StackEngine

/// A renderer that draws itself with Cairo. The collection screen sets up the context so that the
/// element's untransformed frame spans (0, 0)–(size.width, size.height) in points, with the
/// element's rotation and scale about its centre already applied, and its alpha handled outside.
open class DrawableView: ReusableView {
    public required init() { super.init() }

    /// Draws the element. `size` is the untransformed element size in points; `deviceScale` is device
    /// pixels per point (for caches rendered at device resolution).
    open func draw(in ctx: CairoContext, size: Size, deviceScale: Double) {}

    /// True when drawing would first build a cache (the screen may then draw it early, off screen).
    open var needsWarming: Bool { false }

    /// A hash of everything besides its layout attributes that the view's drawing depends on, or nil when
    /// unknown (then it is redrawn every frame). With scroll-copy, a view whose attributes and signature
    /// are unchanged since the last frame is not redrawn (its pixels are moved with the scroll).
    open var appearanceSignature: Int? { nil }

    /// Like `appearanceSignature`, but valid only for a view drawn again at the same device position (the content
    /// offset unchanged): it may also cover drawings that are resampled differently at each offset (a card drawn
    /// scaled or rotated from another rendering, the quick card). nil: unknown (redrawn unless
    /// `appearanceSignature` says otherwise). The default is `appearanceSignature`.
    open var appearanceSignatureInPlace: Int? { appearanceSignature }

    /// True while the screen draws this renderer off screen only to warm its caches (nothing is shown):
    /// a renderer may then start its cache work in the background instead.
    public var isWarming = false

    /// The rectangle (element points, in the frame `draw` gets) whose every device pixel the next `draw` will paint
    /// fully opaque, given its state now; nil when unknown or nothing is sure to be opaque. A screen that knows it
    /// (`CollectionScreen.occludesHiddenElements`) tells the elements beneath through `occluders`.
    open var opaqueRect: CanvasRect? { nil }

    /// True when the next `draw` paints the element's square opaque (bar its anti-aliased edge): an element with the
    /// same frame and transform beneath it need not be drawn (`CollectionScreen.occludesHiddenElements`).
    open var hidesIdenticalElementsBeneath: Bool { false }

    /// Set by the screen for one `draw`: device quads that opaque elements drawn after this one will cover. What
    /// the view would paint there is painted over, so it may skip that work (the frame is the same).
    public var occluders: [DeviceQuad] = []

    /// Elements with the same group are told what the later ones among them cover (`occluders`) even when the screen
    /// does not occlude all its elements (`CollectionScreen.occludesHiddenElements`): the cards of a lifted stack, drawn
    /// scaled, whose top card hides the middle of the two beneath it. nil: in no group.
    public var occlusionGroup: Int?
}
