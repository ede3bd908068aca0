import Canvas
import Foundation
import StackEngine
import Host

/// Seed-systems §4 (Apple's CircleLayout): 20 round cells (70 pt, corner radius 35, 1 pt white border) on a
/// circle in the middle of the view. A click on a cell deletes it (it shrinks to 0.1 and fades into the
/// centre while the others close ranks); a click on empty space inserts a cell at index 0 (it grows out of
/// the centre) — both animated batch updates, safe to repeat faster than the animations run. `g` or Tab
/// switches between the circle and a grid with an animated layout change that can be reversed mid-way.
///
/// The model is a list of stable ids; each cell shows its id (`itemIdentity`), so a cell keeps its label
/// and colour as it moves to a new index.
///
/// State `layout`: `count` (model items), `viewCount` (items the collection view shows), `mode` ("circle"
/// or "grid"), `radius` (circle radius, points).
public final class CircleDemoScreen: DemoScreen, CollectionViewDataSource {
    public static let initialCount = 20
    static let cellID = "round"

    /// The model: stable ids in display order.
    public private(set) var ids: [Int]
    private var nextID: Int
    public let circleLayout = CircleLayout()
    public let gridLayout: FlowLayout
    /// True while the grid is (or is becoming) the layout.
    public private(set) var showsGrid = false
    /// Batch updates that failed validation (the view then reloaded); stays 0 unless something is wrong.
    public private(set) var failedUpdates = 0

    public init() {
        ids = Array(0..<Self.initialCount)
        nextID = Self.initialCount
        let grid = FlowLayout()
        grid.itemSize = Size(width: CircleLayout.itemSide, height: CircleLayout.itemSide)
        grid.minimumInteritemSpacing = 16
        grid.minimumLineSpacing = 16
        grid.sectionInset = EdgeInsets(top: 40, left: 40, bottom: 40, right: 40)
        gridLayout = grid
        super.init(kind: .circle, layout: circleLayout, axes: .vertical)
        backgroundColor = RGBA(0.13, 0.15, 0.2)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.cellID)
        collectionView.dataSource = self
    }

    public override var caption: String {
        "circle - click a cell: delete, empty space: insert - g / Tab: \(showsGrid ? "circle" : "grid") - F2: next demo"
    }

    /// Deletes the item at `index` (animated). Ignored for an index the model does not have.
    public func deleteItem(at index: Int) {
        guard ids.indices.contains(index) else { return }
        update { $0.deleteItems(at: [IndexPath(item: index, section: 0)]) } change: { self.ids.remove(at: index) }
    }

    /// Inserts a new item at index 0 (animated).
    public func insertItem() {
        let id = nextID
        nextID += 1
        update { $0.insertItems(at: [IndexPath(item: 0, section: 0)]) } change: { self.ids.insert(id, at: 0) }
    }

    private func update(_ describe: @escaping (BatchUpdater) -> Void, change: @escaping () -> Void) {
        do {
            try collectionView.performBatchUpdates({ updater in
                change()
                describe(updater)
            }, at: time)
        } catch {
            failedUpdates += 1
            FileHandle.standardError.write(Data("photostack: demo circle: \(error)\n".utf8))
        }
    }

    /// Switches circle ↔ grid, animated; a switch during a switch reverses from where the cells are.
    public func toggleLayout() {
        showsGrid.toggle()
        collectionView.setCollectionViewLayout(showsGrid ? gridLayout : circleLayout, animated: true, at: time)
    }

    public override func didClick(_ key: ElementKey?, at point: Point, clickCount: Int, time: Double) {
        if let key, key.category == .cell { deleteItem(at: key.indexPath.item) } else { insertItem() }
    }

    public override func handleKey(_ key: KeyEvent) -> Bool {
        switch key.key {
        case .character("g"), .tab:
            toggleLayout()
            return true
        default:
            return false
        }
    }

    public override func demoState() -> [String: StateValue] {
        ["count": .int(ids.count), "viewCount": .int(collectionView.numberOfItems(inSection: 0)),
         "mode": .string(showsGrid ? "grid" : "circle"), "radius": .double(circleLayout.radius)]
    }

    // MARK: CollectionViewDataSource

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        ids.count
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellID, for: indexPath) as! ColorCellView
        let id = ids[indexPath.item]
        cell.itemIdentity = id
        cell.fill = DemoColors.distinct(id, saturation: 0.55, value: 0.9)
        cell.cornerRadius = CircleLayout.itemSide / 2
        cell.borderWidth = 1
        cell.borderColor = .white
        cell.text = "\(id)"
        cell.font = "Sans Bold 16"
        return cell
    }
}
