import java.awt.event.KeyAdapter;
import java.awt.event.KeyEvent;
import javax.swing.JFrame;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.SwingUtilities;

/**
 * A Swing window for RealApplicationTests: a text area that prints every key it gets as
 * "key NAME MODIFIERS NANOSECONDS", MODIFIERS being AWT's extended modifiers (128: Ctrl) and
 * NANOSECONDS System.nanoTime, which on Linux is CLOCK_MONOTONIC, the test's clock. AWT keeps
 * the keyboard focus on a 1x1 child of the frame (its FocusProxy), as GTK does.
 */
public class KeyWindow {
    public static void main(String[] arguments) {
        SwingUtilities.invokeLater(() -> {
            JFrame frame = new JFrame("key window");
            JTextArea text = new JTextArea(30, 80);
            text.addKeyListener(new KeyAdapter() {
                @Override
                public void keyPressed(KeyEvent event) {
                    System.out.println("key " + KeyEvent.getKeyText(event.getKeyCode()) + " "
                            + event.getModifiersEx() + " " + System.nanoTime());
                    System.out.flush();
                }
            });
            frame.add(new JScrollPane(text));
            frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
            frame.pack();
            frame.setVisible(true);
            text.requestFocusInWindow();
        });
    }
}
