/// The renderer dequeued for a template registration (`register(template:forCellWithReuseIdentifier:)`):
/// it carries the template and the index path it shows; the app draws it.
public final class TemplateCellView: ReusableView {
    /// The look, set when the renderer is made.
    public internal(set) var template = CellTemplate()

    public required init() { super.init() }

    /// The index path currently shown (follows moves in batch updates), or nil before first layout.
    public var indexPath: IndexPath? { attributes?.indexPath ?? dequeuedIndexPath }

    /// The label text for the current index path, if the template has a label.
    public var labelText: String? {
        guard let label = template.label, let indexPath else { return nil }
        return label.text(for: indexPath)
    }
}
