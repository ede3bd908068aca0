import Canvas
import StackEngine

/// Seed-systems §3 (Apple's LineLayout): a horizontal line of 60 cells of 200 × 200 (section inset 200 top
/// and bottom, line spacing 50); the cell nearest the viewport centre zooms up to 1.3 and comes to the front.
/// Flings, drag releases, wheel notches (a vertical wheel scrolls sideways) and arrow keys always come to
/// rest with a cell exactly centred: the scroll controller asks the layout's `targetContentOffset` and
/// moves there continuously from the release velocity.
///
/// State `layout`: `items` 60, `centredItem` (the item whose centre is nearest the viewport centre),
/// `centreDistance` (that item's centre minus the viewport centre, points; 0 when resting snapped),
/// `centredScale` (its zoom).
public final class LineDemoScreen: DemoScreen, CollectionViewDataSource {
    public static let itemCount = 60
    static let cellID = "cell"

    public init(clock: Clock) {
        super.init(kind: .line, layout: LineLayout(), clock: clock, axes: .horizontal)
        backgroundColor = RGBA(white: 0.16)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.cellID)
        collectionView.dataSource = self
    }

    /// Resizing keeps a cell centred: a resting offset is moved to the layout's snapped target.
    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        super.resize(width: width, height: height, scale: scale, at: time)
        guard !scroller.isTracking, !scroller.isMoving(at: time) else { return }
        let offset = collectionView.contentOffset
        let snapped = collectionView.collectionViewLayout.targetContentOffset(forProposed: offset, velocity: .zero)
        if snapped != offset {
            scroller.setOffset(snapped)
            update(at: time)
        }
    }

    public override var caption: String { "line - drag, fling or wheel: it always rests centred - F2: next demo" }

    /// The item whose (untransformed) centre is nearest the viewport centre, and that centre's distance
    /// from the viewport centre (points, positive to the right).
    public func nearestToCentre() -> (item: Int, distance: Double, scale: Double)? {
        let centre = collectionView.contentOffset.x + viewportWidth / 2
        let cells = collectionView.displayList.filter { !$0.isDisappearing && $0.attributes.category == .cell }
        guard let nearest = cells.min(by: { abs($0.attributes.center.x - centre) < abs($1.attributes.center.x - centre) })
        else { return nil }
        return (nearest.attributes.indexPath.item, nearest.attributes.center.x - centre, nearest.attributes.transform.scale)
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
