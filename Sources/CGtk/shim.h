// GTK 4 and libadwaita 1.2 for gesturebridge-settings, the only target that imports them (the
// daemon never links GTK). GObject's casts are macros Swift cannot call, so the few the app
// needs are small inline functions here, each taking and returning plain GtkWidget pointers.
#pragma once
#include <gtk/gtk.h>
#include <adwaita.h>

static inline void gb_window_set_child(GtkWidget *window, GtkWidget *child) {
    gtk_window_set_child(GTK_WINDOW(window), child);
}
static inline void gb_window_set_default_size(GtkWidget *window, int width, int height) {
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
}
static inline void gb_window_set_title(GtkWidget *window, const char *title) {
    gtk_window_set_title(GTK_WINDOW(window), title);
}
static inline void gb_window_present(GtkWidget *window) { gtk_window_present(GTK_WINDOW(window)); }
static inline void gb_adw_window_set_content(GtkWidget *window, GtkWidget *content) {
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), content);
}
static inline void gb_box_append(GtkWidget *box, GtkWidget *child) { gtk_box_append(GTK_BOX(box), child); }
static inline void gb_page_add(GtkWidget *page, GtkWidget *group) {
    adw_preferences_page_add(ADW_PREFERENCES_PAGE(page), ADW_PREFERENCES_GROUP(group));
}
static inline void gb_group_add(GtkWidget *group, GtkWidget *row) {
    adw_preferences_group_add(ADW_PREFERENCES_GROUP(group), row);
}
static inline void gb_group_set_title(GtkWidget *group, const char *title) {
    adw_preferences_group_set_title(ADW_PREFERENCES_GROUP(group), title);
}
static inline void gb_group_set_description(GtkWidget *group, const char *text) {
    adw_preferences_group_set_description(ADW_PREFERENCES_GROUP(group), text);
}
static inline void gb_row_set_title(GtkWidget *row, const char *title) {
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
}
static inline void gb_row_set_use_markup(GtkWidget *row, gboolean markup) {
    adw_preferences_row_set_use_markup(ADW_PREFERENCES_ROW(row), markup);
}
static inline void gb_action_row_set_subtitle(GtkWidget *row, const char *subtitle) {
    adw_action_row_set_subtitle(ADW_ACTION_ROW(row), subtitle);
}
static inline void gb_action_row_add_suffix(GtkWidget *row, GtkWidget *suffix) {
    adw_action_row_add_suffix(ADW_ACTION_ROW(row), suffix);
}
/* A tap anywhere on the row works `widget` (a switch: the row is its finger-sized target). */
static inline void gb_action_row_set_activatable_widget(GtkWidget *row, GtkWidget *widget) {
    adw_action_row_set_activatable_widget(ADW_ACTION_ROW(row), widget);
}
static inline void gb_action_row_add_prefix(GtkWidget *row, GtkWidget *prefix) {
    adw_action_row_add_prefix(ADW_ACTION_ROW(row), prefix);
}
static inline void gb_label_set_wrap(GtkWidget *label, gboolean wrap) { gtk_label_set_wrap(GTK_LABEL(label), wrap); }
static inline void gb_status_page_set(GtkWidget *page, const char *icon, const char *title, const char *text) {
    adw_status_page_set_icon_name(ADW_STATUS_PAGE(page), icon);
    adw_status_page_set_title(ADW_STATUS_PAGE(page), title);
    adw_status_page_set_description(ADW_STATUS_PAGE(page), text);
}
static inline void gb_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void gb_accessible_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline gulong gb_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, 0);
}
static inline GApplication *gb_application(AdwApplication *app) { return G_APPLICATION(app); }
static inline GtkApplication *gb_gtk_application(AdwApplication *app) { return GTK_APPLICATION(app); }
#include <glib-unix.h>

// Signals with a closure's box as their data, released by `destroy` when the handler goes.
static inline gulong gb_signal_connect_full(gpointer instance, const char *signal, GCallback handler, gpointer data,
                                            GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}
static inline GtkWidget *gb_string_combo_row(const char *title, const char *const *strings) {
    GtkWidget *row = adw_combo_row_new();
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
    GtkStringList *list = gtk_string_list_new(strings);
    adw_combo_row_set_model(ADW_COMBO_ROW(row), G_LIST_MODEL(list));
    g_object_unref(list);
    return row;
}
static inline void gb_combo_row_set_strings(GtkWidget *row, const char *const *strings) {
    GtkStringList *list = gtk_string_list_new(strings);
    adw_combo_row_set_model(ADW_COMBO_ROW(row), G_LIST_MODEL(list));
    g_object_unref(list);
}
static inline guint gb_combo_row_selected(GtkWidget *row) { return adw_combo_row_get_selected(ADW_COMBO_ROW(row)); }
static inline void gb_combo_row_select(GtkWidget *row, guint index) { adw_combo_row_set_selected(ADW_COMBO_ROW(row), index); }
static inline GtkWidget *gb_entry_row(const char *title) {
    GtkWidget *row = adw_entry_row_new();
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
    return row;
}
static inline const char *gb_editable_text(GtkWidget *editable) { return gtk_editable_get_text(GTK_EDITABLE(editable)); }
static inline void gb_editable_set_text(GtkWidget *editable, const char *text) {
    gtk_editable_set_text(GTK_EDITABLE(editable), text);
}
static inline void gb_entry_row_add_suffix(GtkWidget *row, GtkWidget *suffix) {
    adw_entry_row_add_suffix(ADW_ENTRY_ROW(row), suffix);
}
static inline gboolean gb_switch_active(GtkWidget *widget) { return gtk_switch_get_active(GTK_SWITCH(widget)); }
static inline void gb_switch_set_active(GtkWidget *widget, gboolean active) {
    gtk_switch_set_active(GTK_SWITCH(widget), active);
}
static inline void gb_button_set_label(GtkWidget *button, const char *label) {
    gtk_button_set_label(GTK_BUTTON(button), label);
}
static inline void gb_stack_add(GtkWidget *stack, GtkWidget *child, const char *name) {
    gtk_stack_add_named(GTK_STACK(stack), child, name);
}
static inline void gb_stack_show(GtkWidget *stack, const char *name) {
    gtk_stack_set_visible_child_name(GTK_STACK(stack), name);
}
static inline void gb_stack_remove(GtkWidget *stack, GtkWidget *child) { gtk_stack_remove(GTK_STACK(stack), child); }
static inline void gb_header_pack_start(GtkWidget *header, GtkWidget *child) {
    adw_header_bar_pack_start(ADW_HEADER_BAR(header), child);
}
static inline void gb_header_pack_end(GtkWidget *header, GtkWidget *child) {
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), child);
}
static inline void gb_header_set_title(GtkWidget *header, GtkWidget *title) {
    adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), title);
}
static inline void gb_window_title_set(GtkWidget *title, const char *text, const char *subtitle) {
    adw_window_title_set_title(ADW_WINDOW_TITLE(title), text);
    adw_window_title_set_subtitle(ADW_WINDOW_TITLE(title), subtitle);
}
static inline void gb_toast_overlay_set_child(GtkWidget *overlay, GtkWidget *child) {
    adw_toast_overlay_set_child(ADW_TOAST_OVERLAY(overlay), child);
}
static inline void gb_toast(GtkWidget *overlay, const char *text) {
    adw_toast_overlay_add_toast(ADW_TOAST_OVERLAY(overlay), adw_toast_new(text));
}
static inline void gb_label_set_text(GtkWidget *label, const char *text) { gtk_label_set_text(GTK_LABEL(label), text); }
static inline void gb_label_setup(GtkWidget *label) {
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_selectable(GTK_LABEL(label), TRUE);
}
static inline void gb_row_set_activatable(GtkWidget *row, gboolean activatable) {
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), activatable);
}
static inline void gb_key_capture(GtkWidget *widget, GCallback pressed, gpointer data, GClosureNotify destroy) {
    GtkEventController *controller = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    g_signal_connect_data(controller, "key-pressed", pressed, data, destroy, 0);
    gtk_widget_add_controller(widget, controller);
}
/* Style rules for the whole app, above the theme's. */
static inline void gb_add_css(const char *css) {
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
}
static inline gboolean gb_toggle_active(GtkWidget *button) {
    return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(button));
}
static inline void gb_toggle_set_active(GtkWidget *button, gboolean active) {
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), active);
}
static inline void gb_drawing_area_setup(GtkWidget *area, int size, GtkDrawingAreaDrawFunc draw, gpointer data,
                                         GDestroyNotify destroy) {
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(area), size);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), size);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, data, destroy);
}
