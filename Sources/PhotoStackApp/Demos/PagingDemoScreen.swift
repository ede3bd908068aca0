import Canvas
import StackEngine

/// Seed-systems §6: a horizontal strip of 5 cells per page with paging (the layout's rule: flings, drags, wheel
/// notches and keys all rest on a page through `PagingStripLayout.targetContentOffset`), and a left and a right "more cells
/// that way" indicator drawn as overlay arrows. The indicators are derived from the content offset on every
/// frame (`PagingStripLayout.indicators(forContentOffset:)`), never from per-cell callbacks, so they are
/// right during fast flings, wheel bursts and drags.
///
/// State `layout`: `items`, `cellsPerPage` 5, `pageCount`, `page` (nearest page to the offset),
/// `indicatorLeft`, `indicatorRight` (bools, for the offset in the same state).
public final class PagingDemoScreen: DemoScreen, CollectionViewDataSource {
    public static let itemCount = 48
    static let cellID = "cell"
    public let strip = PagingStripLayout()

    public init() {
        super.init(kind: .paging, layout: strip, axes: .horizontal)
        backgroundColor = RGBA(0.10, 0.11, 0.13)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.cellID)
        collectionView.dataSource = self
    }

    /// Cells about 1.4 times as tall as wide, centred vertically.
    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        strip.verticalMargin = max(10, (height - 1.4 * width / Double(strip.cellsPerPage)) / 2)
        super.resize(width: width, height: height, scale: scale, at: time)
    }

    public override var caption: String { "paging - drag, fling or wheel a page at a time - F2: next demo" }

    /// The indicators for the offset shown now.
    public var currentIndicators: PagingStripLayout.Indicators {
        strip.indicators(forContentOffset: collectionView.contentOffset)
    }

    /// The page nearest the current offset.
    public var currentPage: Int {
        strip.pageWidth > 0 ? Int((collectionView.contentOffset.x / strip.pageWidth).rounded()) : 0
    }

    public override func demoState() -> [String: StateValue] {
        let ind = currentIndicators
        return ["items": .int(Self.itemCount), "cellsPerPage": .int(strip.cellsPerPage), "pageCount": .int(strip.pageCount),
                "page": .int(currentPage), "indicatorLeft": .bool(ind.showsLeft), "indicatorRight": .bool(ind.showsRight)]
    }

    public override func drawDemoOverlay(in ctx: CairoContext) {
        let ind = currentIndicators
        let y = viewportHeight / 2
        if ind.showsLeft { drawArrow(in: ctx, x: 28, y: y, pointingLeft: true) }
        if ind.showsRight { drawArrow(in: ctx, x: viewportWidth - 28, y: y, pointingLeft: false) }
    }

    /// A round badge with a chevron, centred at (`x`, `y`), viewport points.
    private func drawArrow(in ctx: CairoContext, x: Double, y: Double, pointingLeft: Bool) {
        ctx.newPath()
        ctx.arc(cx: x, cy: y, radius: 20, from: 0, to: 2 * .pi)
        ctx.setColor(RGBA(0, 0, 0, 0.55))
        ctx.fill(preserve: true)
        ctx.setLineWidth(1.5)
        ctx.setColor(RGBA(1, 1, 1, 0.8))
        ctx.stroke()
        let d = pointingLeft ? -1.0 : 1.0
        ctx.newPath()
        ctx.move(to: x - 4 * d, y - 9)
        ctx.line(to: x + 5 * d, y)
        ctx.line(to: x - 4 * d, y + 9)
        ctx.setLineWidth(3.5)
        ctx.setColor(.white)
        ctx.stroke()
    }

    // MARK: CollectionViewDataSource

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        Self.itemCount
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellID, for: indexPath) as! ColorCellView
        let page = indexPath.item / strip.cellsPerPage
        cell.fill = DemoColors.distinct(page, saturation: 0.45, value: 0.85)
        cell.cornerRadius = 10
        cell.inset = 6
        cell.text = "\(indexPath.item)\npage \(page)"
        cell.font = "Sans Bold 18"
        return cell
    }
}
