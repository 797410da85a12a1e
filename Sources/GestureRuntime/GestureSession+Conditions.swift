import GestureConfig
import GestureEngine
import TextSearch

/// `when:` conditions, asked as UIKit asks `gestureRecognizerShouldBegin`: through the views'
/// hook, when a recognizer is about to begin or be recognized.
extension GestureSession {
    /// Gives every view with a conditional binding a hook that asks the binding's conditions.
    func installConditions() {
        for (recognizer, binding) in scene.recognizers where binding.conditions != nil {
            recognizer.view?.gestureRecognizerShouldBegin = { [weak self] recognizer in
                self?.allows(recognizer) ?? true
            }
        }
    }

    /// Whether the recognizer's binding's conditions hold now.
    func allows(_ recognizer: GestureRecognizer) -> Bool {
        guard let binding = scene.binding(for: recognizer), let conditions = binding.conditions else { return true }
        let description = scene.description
        if let minimum = conditions.minimumWindows, description.windows.count < minimum { return false }
        if let maximum = conditions.maximumWindows, description.windows.count > maximum { return false }
        if let quiet = conditions.quiet, let last = lastGestureTime, engine.now - last < quiet { return false }
        if conditions.classes != nil || conditions.titleContains != nil || conditions.states != nil {
            let window: WindowInfo?
            switch binding.target {
            case .active: window = description.windows.first { $0.info.id == description.activeWindow }?.info
            case .under: window = recognizer.view?.window ?? scene.window(at: recognizer.snapshot().startLocation)
            }
            guard let window else { return false }
            if let classes = conditions.classes,
                !classes.contains(where: {
                    $0.lowercased() == window.windowClass.lowercased()
                        || $0.lowercased() == window.instance.lowercased()
                })
            {
                return false
            }
            if let title = conditions.titleContains, !window.title.lowercased().contains(text: title.lowercased()) {
                return false
            }
            if let states = conditions.states {
                let state: WindowStateCondition =
                    window.isFullscreen ? .fullscreen : window.isMaximized ? .maximized : .normal
                guard states.contains(state) else { return false }
            }
        }
        return true
    }
}
