import GestureConfig
import GestureEngine

/// A view tree built from a configuration, with the binding behind each recognizer.
///
/// The engine runs on `root`; the binding runtime asks `binding(for:)` which
/// actions a recognizer's messages trigger.
public final class GestureScene {
    /// The screen view: root of the tree.
    public let root: View
    /// The scene it was built from.
    public let description: SceneDescription
    /// Every recognizer with its binding, in build order.
    public private(set) var recognizers: [(GestureRecognizer, Binding)] = []
    private var bindingsByRecognizer: [ObjectIdentifier: Binding] = [:]

    init(root: View, description: SceneDescription) {
        self.root = root
        self.description = description
    }

    func register(_ recognizer: GestureRecognizer, for binding: Binding) {
        recognizers.append((recognizer, binding))
        bindingsByRecognizer[ObjectIdentifier(recognizer)] = binding
    }

    /// The binding that made a recognizer, if it belongs to this scene.
    public func binding(for recognizer: GestureRecognizer) -> Binding? {
        bindingsByRecognizer[ObjectIdentifier(recognizer)]
    }

    /// The recognizers made for bindings of the given name (one per matching window).
    public func recognizers(named name: String) -> [GestureRecognizer] {
        recognizers.filter { $0.1.name == name }.map(\.0)
    }

    /// The top-most window under a point in screen points, if any.
    ///
    /// Edge strips lie above the windows in the view tree but belong to none, so
    /// this looks at the windows themselves: an edge swipe acts on the window beneath.
    public func window(at point: Point) -> WindowInfo? {
        let pixel = description.pixels(fromPoints: point)
        return description.windows.first { $0.frame.contains(pixel) }?.info
    }
}
