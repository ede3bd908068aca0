import Canvas
import Foundation
import Host
import StackEngine

/// Justified rows (`JustifiedLayout`): three sections of 40–90 coloured cells of varied proportions (portrait 1:2 to
/// panorama 4:1, reproducible from the seed), each labelled with its aspect ratio, under section headers. Every row
/// fills the width, every cell keeps its proportions, the last row of a section is ragged.
///
/// Keys: Ctrl+wheel, Ctrl+plus/minus, +/− and a pinch change the row height (about 160 × 1.25^level points) with an
/// animated reflow that keeps the cell under the pointer in place (Ctrl+0, 0: back to the default); `r` deals new
/// proportions (the rows reflow, animated, as when photos' sizes arrive); resizing keeps the cell at the top left in
/// place.
///
/// State `layout`: `sections`, `items0`…`items2`, `seed`, `rowHeight` (target, points), `rows` (all sections),
/// `zoomLevel`, `deals` (times `r` was pressed).
public final class JustifiedDemoScreen: DemoScreen, CollectionViewDataSource, JustifiedLayoutAspectRatios {
    static let cellID = "cell", headerID = "header"
    /// The row height at zoom level 0, points.
    public static let baseRowHeight = 160.0
    public static let zoomLevels = -3...4
    /// Proportions dealt (width / height): portrait, square, camera frames, banners, panoramas.
    static let ratios = [0.5, 0.667, 0.75, 1, 1.333, 1.5, 1.5, 1.778, 2, 2.5, 4]

    public let counts: [Int]
    public let seed: UInt64
    public let layout: JustifiedLayout
    /// Each item's proportions, by section.
    public private(set) var aspectRatios: [[Double]]
    public private(set) var deals = 0
    var zoom = ScreenZoom()
    private var hasSize = false

    /// Three counts in 40 … 90 drawn from `seed`.
    public static func sectionCounts(seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        return (0..<3).map { _ in 40 + Int(rng.next(below: 51)) }
    }

    /// Proportions for `counts` items dealt from `seed`.
    static func deal(counts: [Int], seed: UInt64) -> [[Double]] {
        var rng = SplitMix64(seed: seed &+ 0x5EED)
        return counts.map { n in (0..<n).map { _ in ratios[Int(rng.next(below: UInt64(ratios.count)))] } }
    }

    public init(seed: UInt64) {
        self.seed = seed
        counts = Self.sectionCounts(seed: seed)
        aspectRatios = Self.deal(counts: counts, seed: seed)
        layout = JustifiedLayout(targetRowHeight: Self.baseRowHeight, spacing: 8,
                                 inset: EdgeInsets(top: 4, left: 16, bottom: 20, right: 16))
        layout.headerHeight = 40
        super.init(kind: .justified, layout: layout, axes: .vertical)
        layout.aspectRatios = self
        backgroundColor = RGBA(0.12, 0.13, 0.16)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.cellID)
        collectionView.register(LabelView.self, forSupplementaryViewOfKind: JustifiedLayout.headerKind, withReuseIdentifier: Self.headerID)
        collectionView.dataSource = self
        collectionView.animationOptions = AnimationOptions(duration: 0.45, curve: .standardEaseInOut)
    }

    public override var caption: String {
        "justified - Ctrl+wheel or +/-: row height - r: new proportions - F2: next demo"
    }

    /// The row height at `level`, points.
    static func rowHeight(level: Int) -> Double { baseRowHeight * pow(1.25, Double(level)) }

    /// Changes the row height to `level`'s (clamped) with a reflow that keeps the cell under `anchor` (viewport points;
    /// default the pointer's last position, else the centre) in place, from `time`. False when nothing changed.
    @discardableResult
    public func zoom(to level: Int, about anchor: Point? = nil, at time: Double) -> Bool {
        let l = min(Self.zoomLevels.upperBound, max(Self.zoomLevels.lowerBound, level))
        guard l != zoom.level else { return false }
        zoom.level = l
        let p = anchor ?? lastPointer ?? Point(x: viewportWidth / 2, y: viewportHeight / 2)
        let t = max(time, self.time)
        let height = Self.rowHeight(level: l)
        if let cell = zoom.anchorCell(near: p, in: collectionView, at: t) {
            collectionView.zoomLayout(keeping: cell, under: p, at: t) { layout.targetRowHeight = height }
        } else {
            layout.targetRowHeight = height
        }
        self.time = t
        return true
    }

    /// Deals new proportions; the rows reflow to them, animated.
    public func dealNewProportions() {
        deals += 1
        aspectRatios = Self.deal(counts: counts, seed: seed &+ UInt64(deals) &* 7919)
        layout.aspectRatiosDidChange(animated: true)
    }

    public override func resize(width: Double, height: Double, scale: Double, at time: Double) {
        let point = Point(x: 24, y: 24)
        if hasSize, width != viewportWidth || height != viewportHeight, let cell = collectionView.anchorCell(near: point) {
            collectionView.zoomLayout(keeping: cell, under: point, at: max(time, self.time)) {
                super.resize(width: width, height: height, scale: scale, at: time)
            }
        } else {
            super.resize(width: width, height: height, scale: scale, at: time)
        }
        hasSize = true
        collectionView.animatesSizeChanges = true
    }

    private func handleZoom(_ event: HostEvent, at time: Double) -> Bool {
        switch zoom.gesture.interpret(event, level: zoom.level) {
        case .notZoom: return false
        case .consumed: return true
        case let .step(n, anchor): zoom(to: zoom.level + n, about: anchor, at: time)
        case let .reset(anchor): zoom(to: 0, about: anchor, at: time)
        case let .pinch(scale, start, anchor):
            let continuous = Double(start) + log(max(scale, 0.01)) / log(1.25)
            zoom(to: ZoomGesture.pinchLevel(continuous: continuous, current: zoom.level, levels: Self.zoomLevels), about: anchor, at: time)
        }
        return true
    }

    public override func handleWheel(_ event: WheelEvent) -> Bool { handleZoom(.wheel(event), at: event.time) }
    public override func handleOtherEvent(_ event: HostEvent, at time: Double) -> Bool { handleZoom(event, at: time) }

    public override func handleKey(_ key: KeyEvent) -> Bool {
        if handleZoom(.key(key), at: key.time) { return true }
        switch key.key {
        case .plus, .character("+"), .character("="): zoom(to: zoom.level + 1, at: key.time)
        case .minus, .character("-"): zoom(to: zoom.level - 1, at: key.time)
        case .character("0"): zoom(to: 0, at: key.time)
        case .character("r"): dealNewProportions()
        default: return false
        }
        return true
    }

    public override func demoState() -> [String: StateValue] {
        var s: [String: StateValue] = ["sections": .int(counts.count), "seed": .int(Int(truncatingIfNeeded: seed)),
                                       "rowHeight": .double(layout.targetRowHeight), "zoomLevel": .int(zoom.level),
                                       "rows": .int((0..<counts.count).map { layout.rows(inSection: $0).count }.reduce(0, +)),
                                       "deals": .int(deals)]
        for (i, n) in counts.enumerated() { s["items\(i)"] = .int(n) }
        return s
    }

    // MARK: JustifiedLayoutAspectRatios

    public func justifiedLayout(_ layout: JustifiedLayout, aspectRatioForItemAt indexPath: StackEngine.IndexPath) -> Double? {
        guard aspectRatios.indices.contains(indexPath.section), aspectRatios[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return aspectRatios[indexPath.section][indexPath.item]
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellID, for: indexPath) as! ColorCellView
        let ratio = aspectRatios[indexPath.section][indexPath.item]
        cell.fill = DemoColors.distinct(indexPath.section * 1000 + indexPath.item, saturation: 0.45, value: 0.8)
        cell.cornerRadius = 6
        cell.borderWidth = 2
        cell.borderColor = RGBA(white: 1, alpha: 0.8)
        cell.text = "\(indexPath.item)\n\(String(format: "%.2f", ratio)) : 1"
        cell.font = "Sans Bold 14"
        cell.textColor = RGBA(white: 1, alpha: 0.95)
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: StackEngine.IndexPath) -> ReusableView? {
        guard kind == JustifiedLayout.headerKind else { return nil }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.headerID,
                                                                   for: indexPath) as! LabelView
        view.text = "Section \(indexPath.section) - \(counts[indexPath.section]) cells at their own proportions"
        view.textColor = RGBA(white: 0.85)
        view.font = "Sans Bold 14"
        view.padding = 16
        return view
    }
}
