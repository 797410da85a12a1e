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
