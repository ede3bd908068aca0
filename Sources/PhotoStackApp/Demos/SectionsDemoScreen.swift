import Canvas
import Foundation
import StackEngine

/// Seed-systems §2 (the cookbook collection view): three sections in three colours, each with 20–40 cells
/// (random, reproducible from the seed), a vertical flow layout on white. Sections 0 and 2 use a cell
/// renderer registered by type (`ColorCellView`); section 1 uses a cell template loaded at run time from
/// `assets/templates/sections-cell.json` (the nib counterpart), so both ways of registering are on screen.
///
/// State `layout`: `sections` 3, `items0`…`items2`, `seed`, `templateLoaded` (false when the file could
/// not be read and the built-in copy was used).
public final class SectionsDemoScreen: DemoScreen, CollectionViewDataSource {
    /// Reuse identifiers: by type and by template.
    static let typedCell = "typed", templateCell = "template", header = "header"
    /// The template file, relative to `assets/`.
    static let templatePath = "templates/sections-cell.json"
    /// The colours of the typed sections 0 and 2 (section 1's comes from the template).
    static let typedColours = [0: RGBA(0.86, 0.27, 0.22), 2: RGBA(0.20, 0.42, 0.85)]
    /// The section that uses the template registration.
    public static let templateSection = 1

    /// Items per section (3 sections, each 20 … 40).
    public let counts: [Int]
    public let seed: UInt64
    /// The template in use and whether it came from the file.
    public let template: CellTemplate
    public let templateLoaded: Bool

    /// Three counts in 20 … 40 drawn from `seed` (the same seed always gives the same counts).
    public static func sectionCounts(seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        return (0..<3).map { _ in 20 + Int(rng.next(below: 21)) }
    }

    /// Loads the section template from assets/, or nil with the reason on stderr.
    static func loadTemplate() -> CellTemplate? {
        guard let url = DemoAssets.url(templatePath) else {
            FileHandle.standardError.write(Data("photostack: demo sections: assets/\(templatePath) not found (set PHOTOSTACK_ASSETS); using a built-in copy\n".utf8))
            return nil
        }
        do { return try CellTemplate.load(from: url) } catch {
            FileHandle.standardError.write(Data("photostack: demo sections: \(error); using a built-in copy\n".utf8))
            return nil
        }
    }

    /// - Parameter template: the template for section 1; nil loads assets/templates/sections-cell.json.
    public init(seed: UInt64, template: CellTemplate? = nil) {
        self.seed = seed
        counts = Self.sectionCounts(seed: seed)
        let loaded = template ?? Self.loadTemplate()
        templateLoaded = loaded != nil
        self.template = loaded ?? CellTemplate(background: [0.16, 0.62, 0.38, 1], cornerRadius: 10,
                                               label: .init(format: "{section}.{item}", fontSize: 14, textColor: [1, 1, 1, 1]))
        let layout = FlowLayout()
        layout.itemSize = Size(width: 80, height: 80)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 24, right: 20)
        layout.headerReferenceSize = Size(width: 0, height: 40)
        super.init(kind: .sections, layout: layout, axes: .vertical)
        backgroundColor = .white
        captionColor = RGBA(white: 0, alpha: 0.6)
        captionBackground = RGBA(white: 1, alpha: 0.85)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.typedCell)
        collectionView.register(template: self.template, forCellWithReuseIdentifier: Self.templateCell)
        collectionView.register(LabelView.self, forSupplementaryViewOfKind: FlowLayout.headerKind,
                                withReuseIdentifier: Self.header)
        collectionView.dataSource = self
    }

    public override func demoState() -> [String: StateValue] {
        var s: [String: StateValue] = ["sections": .int(counts.count), "seed": .int(Int(truncatingIfNeeded: seed)),
                                       "templateLoaded": .bool(templateLoaded),
                                       "templateSection": .int(Self.templateSection)]
        for (i, n) in counts.enumerated() { s["items\(i)"] = .int(n) }
        return s
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        if indexPath.section == Self.templateSection {
            return collectionView.dequeueReusableCell(withReuseIdentifier: Self.templateCell, for: indexPath)
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.typedCell, for: indexPath) as! ColorCellView
        cell.fill = Self.typedColours[indexPath.section] ?? RGBA(0.5, 0.5, 0.5)
        cell.cornerRadius = 4
        cell.text = "\(indexPath.section).\(indexPath.item)"
        cell.font = "Sans Bold 14"
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: StackEngine.IndexPath) -> ReusableView? {
        guard kind == FlowLayout.headerKind else { return nil }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.header,
                                                                   for: indexPath) as! LabelView
        let s = indexPath.section
        let how = s == Self.templateSection ? "registered by template (assets/\(Self.templatePath))" : "registered by type (ColorCellView)"
        view.text = "Section \(s) - \(counts[s]) cells - \(how)"
        view.textColor = RGBA(white: 0.25)
        view.padding = 20
        return view
    }
}
