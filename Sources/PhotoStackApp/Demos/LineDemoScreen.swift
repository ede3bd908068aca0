import Canvas
import StackEngine
import Host

/// Seed-systems §3 (Apple's LineLayout): a horizontal line of 60 cells of 200 × 200 (section inset 200 top
/// and bottom, line spacing 50); the cell nearest the viewport centre zooms up to 1.3 and comes to the front
/// (the layout invalidates on every bounds change).
///
/// Snapping: a fling or drag release comes to rest with the cell nearest the proposed resting centre exactly
/// centred — the scroll controller moves there continuously from the release velocity. Unlike the reference
/// (whose resting range starts at offset 0, so the first cells can never be centred), the scroll range is
/// extended by half a viewport minus half a cell on each side (content insets), so every cell, the first and
/// the last included, can rest centred. Wheel notches (a vertical wheel scrolls sideways) and Left/Right move
/// exactly one cell per notch or press, retargeting a running move, so a burst accumulates.
///
/// State `layout`: `items` 60, `centredItem` (the item whose centre is nearest the viewport centre),
/// `centreDistance` (that item's centre minus the viewport centre, points; 0 when resting snapped),
/// `centredScale` (its zoom).
public final class LineDemoScreen: DemoScreen, CollectionViewDataSource {
    public static let itemCount = 60
    static let cellID = "cell"
    /// The cell a wheel or key move is heading to, while that move runs.
    private var steppingTarget: Int?
    private var hasSize = false

    public init() {
        super.init(kind: .line, layout: LineLayout(), axes: .horizontal)
        backgroundColor = RGBA(white: 0.16)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.cellID)
        collectionView.dataSource = self
    }

    public override var caption: String { "line - drag, fling, wheel or Left/Right: it always rests centred - F2: next demo" }

    // MARK: Geometry (content points)

    /// The centre x of `item` in the layout.
    func centreX(of item: Int) -> Double {
        let layout = collectionView.collectionViewLayout
        layout.prepareIfNeeded()
        return layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.center.x ?? 0
    }

    /// The item whose centre is nearest `x` (items sit at equal steps along the line).
    func nearestItem(toContentX x: Double) -> Int {
        let first = centreX(of: 0), step = max(1, centreX(of: 1) - first)
        return min(Self.itemCount - 1, max(0, Int(((x - first) / step).rounded())))
    }

    /// The content offset x that centres `item` in the viewport.
    func offset(centring item: Int) -> Double { centreX(of: item) - viewportWidth / 2 }

    /// The item whose (untransformed) centre is nearest the viewport centre, that centre's distance from the
    /// viewport centre (points, positive to the right) and its zoom, from what is on screen.
    public func nearestToCentre() -> (item: Int, distance: Double, scale: Double)? {
        let centre = collectionView.contentOffset.x + viewportWidth / 2
        let cells = collectionView.displayList.filter { !$0.isDisappearing && $0.attributes.category == .cell }
        guard let nearest = cells.min(by: { abs($0.attributes.center.x - centre) < abs($1.attributes.center.x - centre) })
        else { return nil }
        return (nearest.attributes.indexPath.item, nearest.attributes.center.x - centre, nearest.attributes.transform.scale)
    }

    // MARK: Input

    /// Resizing keeps the centred cell centred (the first cell at launch) and extends the scroll range so the
    /// end cells can be centred.
    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        let keep = hasSize ? nearestItem(toContentX: collectionView.contentOffset.x + viewportWidth / 2) : 0
        super.resize(width: width, height: height, scale: scale, at: time)
        hasSize = true
        let side = max(0, width / 2 - LineLayout.itemSide / 2)
        collectionView.contentInset = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
        guard !scroller.isTracking, !scroller.isMoving(at: time) else { return }
        collectionView.contentOffset = Point(x: offset(centring: keep), y: 0)
        collectionView.layoutIfNeeded(at: time)
    }

    /// Moves `cells` cells from the running move's target (or the centred cell), animated, at `time` (seconds).
    public func step(by cells: Int, time: Double) {
        let base = steppingTarget.flatMap { scroller.isMoving(at: time) ? $0 : nil }
            ?? nearestItem(toContentX: collectionView.contentOffset.x + viewportWidth / 2)
        let target = min(Self.itemCount - 1, max(0, base + cells))
        steppingTarget = target
        scroller.scroll(to: Point(x: offset(centring: target), y: 0), animated: true, time: time)
    }

    /// A click on a cell brings it to the centre.
    public override func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) {
        guard let key, key.category == .cell else { return }
        steppingTarget = nil
        step(by: key.indexPath.item - nearestItem(toContentX: collectionView.contentOffset.x + viewportWidth / 2), time: time)
    }

    public override func handleWheel(_ event: WheelEvent) -> Bool {
        guard !event.isPrecise, !scroller.isTracking else { return false }
        let d = event.deltaX != 0 ? event.deltaX : event.deltaY
        guard d != 0 else { return false }
        step(by: d > 0 ? Int(d.rounded(.up)) : Int(d.rounded(.down)), time: event.time)
        return true
    }

    public override func handleKey(_ key: KeyEvent) -> Bool {
        switch key.key {
        case .left: step(by: -1, time: key.time)
        case .right: step(by: 1, time: key.time)
        case .home: step(by: -Self.itemCount, time: key.time)
        case .end: step(by: Self.itemCount, time: key.time)
        default: return false
        }
        return true
    }

    public override func demoState() -> [String: StateValue] {
        var s: [String: StateValue] = ["items": .int(Self.itemCount)]
        if let n = nearestToCentre() {
            s["centredItem"] = .int(n.item)
            s["centreDistance"] = .double(n.distance)
            s["centredScale"] = .double(n.scale)
        }
        return s
    }

    // MARK: CollectionViewDataSource

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        Self.itemCount
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellID, for: indexPath) as! ColorCellView
        cell.fill = DemoColors.distinct(indexPath.item, saturation: 0.5, value: 0.9)
        cell.cornerRadius = 12
        cell.borderWidth = 2
        cell.borderColor = RGBA(white: 1, alpha: 0.85)
        cell.text = "\(indexPath.item)"
        cell.font = "Sans Bold 48"
        cell.textColor = RGBA(white: 1)
        return cell
    }
}
