/// How a cell reuse identifier makes new renderers: by type, or by a template (the nib counterpart).
enum CellRegistration {
    case type(ReusableView.Type)
    case template(CellTemplate)
}
