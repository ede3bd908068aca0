import Canvas
import Foundation
import X11Host

/// The scene shown until the album browser exists: the background texture and a grid of photo stacks
/// (rotated cards with a Pango title under each), 2 columns in a portrait window and 3 in a landscape
/// one. The wheel and arrow keys scroll it (eased over 0.18 s), so input, animation and state output
/// can be tested end to end.
public final class PlaceholderScreen: Screen {
    /// Album-like titles in several scripts (Arabic is right-to-left) and one too long to fit.
    static let titles = ["Summer 2024", "Берлин зимой", "عطلة الصيف", "春天的花", "Family",
                         "A very long album name that will not fit under its stack", "Mountains", "Sea", "Friends"]
    /// Card rotations per stack, radians (three cards per stack).
    static let rotations: [[Double]] = [[-0.09, 0.06, -0.02], [0.08, -0.05, 0.03], [-0.04, 0.1, 0.0]]
    /// Points scrolled per wheel notch.
    static let notchDistance = 53.0
    /// Duration of an eased scroll, seconds.
    static let scrollDuration = 0.18

    public let name = "placeholder"
    public var title: String { "PhotoStack" }
    public private(set) var cursor: CursorShape = .arrow

    private var width = 0.0, height = 0.0, scale = 1.0
    private var offsetY = 0.0
    private var scrollFrom = 0.0, scrollTo = 0.0, scrollStart = -Double.infinity
    private var now = 0.0
    private let photos = PlaceholderPhotos.make(count: 5)
    private var cards: [Int: CachedPhotoCard] = [:]
    private var titleLayouts: [TextLayout] = []
    private let background = try? BackgroundTexture()

    public init() {}

    // MARK: Layout (points)

    var columns: Int { height > width ? 2 : 3 }
    /// Side inset: centres the grid when the stacks reach their largest size.
    var inset: Double { max(22, (width - Double(columns) * 200 - Double(columns - 1) * spacing) / 2) }
    /// Space above the first row and below the last, points (the side inset centres the grid; used
    /// vertically too it left a wide window with a huge empty band at the top).
    var verticalInset: Double { 32 }
    var spacing: Double { max(26, width * 0.06) }
    var titleHeight: Double { 26 }
    var side: Double { min(200, max(60, ((width - 2 * inset - Double(columns - 1) * spacing) / Double(columns)).rounded(.down))) }
    var rowHeight: Double { side + titleHeight + 12 }
    var contentHeight: Double {
        let rows = (Self.titles.count + columns - 1) / columns
        return 2 * verticalInset + Double(rows) * rowHeight - 12
    }
    var maxOffset: Double { max(0, contentHeight - height) }

    func stackFrame(_ i: Int) -> CanvasRect {
        let col = i % columns, row = i / columns
        return CanvasRect(x: inset + Double(col) * (side + spacing), y: verticalInset + Double(row) * rowHeight, width: side, height: side)
    }

    // MARK: Screen

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        offsetY = min(offsetY, maxOffset); scrollTo = min(scrollTo, maxOffset)
        titleLayouts = []
    }

    public func handle(_ event: HostEvent, at time: Double) -> Bool {
        update(at: time)
        switch event {
        case .wheel(let w):
            return scroll(by: w.deltaY * Self.notchDistance, at: time)
        case .key(let k):
            switch k.key {
            case .down: return scroll(by: 40, at: time)
            case .up: return scroll(by: -40, at: time)
            case .pageDown, .space: return scroll(by: height - 40, at: time)
            case .pageUp: return scroll(by: -(height - 40), at: time)
            case .home: return scroll(by: -.infinity, at: time)
            case .end: return scroll(by: .infinity, at: time)
            default: return false
            }
        case let .pointerMoved(x, y, _, _):
            let over = stackIndex(atX: x, y: y + offsetY) != nil
            cursor = over ? .hand : .arrow
            return false
        case .pointerLeft:
            cursor = .arrow
            return false
        default:
            return false
        }
    }

    private func stackIndex(atX x: Double, y: Double) -> Int? {
        Self.titles.indices.first { i in
            let f = stackFrame(i)
            return x >= f.x && x <= f.x + f.width && y >= f.y && y <= f.y + f.height
        }
    }

    /// Starts an eased scroll from the current position to the target moved by `distance` points (clamped).
    private func scroll(by distance: Double, at time: Double) -> Bool {
        let base = isAnimating ? scrollTo : offsetY
        let target = min(maxOffset, max(0, base + distance))
        guard target != offsetY || target != scrollTo else { return false }
        scrollFrom = offsetY; scrollTo = target; scrollStart = time
        return true
    }

    public func update(at time: Double) {
        now = time
        let t = (time - scrollStart) / Self.scrollDuration
        if t >= 1 { offsetY = scrollTo } else if t >= 0 {
            let e = 1 - pow(1 - t, 3) // ease-out cubic
            offsetY = scrollFrom + (scrollTo - scrollFrom) * e
        }
    }

    public var isAnimating: Bool { now - scrollStart < Self.scrollDuration && offsetY != scrollTo }
    public var isReadyForSnapshot: Bool { true }

    public func draw(in ctx: CairoContext, width: Double, height: Double, scale: Double) {
        background?.fill(CanvasRect(x: 0, y: 0, width: width, height: height), in: ctx, deviceScale: scale, originX: 0, originY: -offsetY)
        if titleLayouts.isEmpty {
            titleLayouts = Self.titles.map { TextLayout(text: $0, font: "Sans Bold 13", width: side, alignment: .center, ellipsize: true) }
        }
        ctx.withSavedState {
            ctx.translate(0, -offsetY)
            for i in Self.titles.indices {
                let f = stackFrame(i)
                guard f.y + f.height + titleHeight >= offsetY - 20, f.y <= offsetY + height + 20 else { continue }
                for (layer, rotation) in Self.rotations[i % Self.rotations.count].enumerated() {
                    let photo = (i + layer) % photos.count
                    card(photo: photo).draw(in: ctx, centerX: f.midX, centerY: f.midY, rotation: rotation)
                }
                titleLayouts[i].draw(in: ctx, x: f.x, y: f.y + f.height + 6, color: .white,
                                     shadowColor: RGBA(0, 0, 0, 0.45), shadowOffset: (0, 1))
            }
        }
    }

    private func card(photo: Int) -> CachedPhotoCard {
        if let c = cards[photo], c.matches(side: side, deviceScale: scale) { return c }
        let content: PhotoCardContent = photo < photos.count ? .image(photos[photo]) : .loading
        guard let c = try? CachedPhotoCard(content, side: side, deviceScale: scale) else {
            fatalError("cannot allocate a \(side) pt card surface")
        }
        cards[photo] = c
        return c
    }

    public func state() -> ScreenState {
        var visible: [VisibleElementState] = []
        for i in Self.titles.indices {
            let f = stackFrame(i)
            guard f.y + f.height + titleHeight >= offsetY, f.y <= offsetY + height else { continue }
            for (layer, rotation) in Self.rotations[i % Self.rotations.count].enumerated() {
                visible.append(VisibleElementState(category: "cell", section: i, item: layer,
                                                   frame: [f.x, f.y, f.width, f.height], rotation: rotation, zIndex: 100 + layer))
            }
            visible.append(VisibleElementState(category: "supplementary", kind: "title", section: i, item: 0,
                                               frame: [f.x, f.y + f.height, f.width, titleHeight]))
        }
        return ScreenState(contentOffset: StatePoint(x: 0, y: offsetY),
                           contentSize: StateSize(width: width, height: contentHeight),
                           visible: visible, layout: ["columns": .int(columns), "kind": .string("placeholder")])
    }
}
