"""Generated from ui/library_browser.ui by scripts/compile_forms.py: do not edit."""

from PySide6.QtCore import QCoreApplication, QMetaObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QGridLayout, QLabel, QLineEdit, QSpinBox, QTableView, QToolButton, QVBoxLayout, QWidget


class Ui_LibraryBrowser(object):
    def setupUi(self, LibraryBrowserForm):
        if not LibraryBrowserForm.objectName():
            LibraryBrowserForm.setObjectName(u"LibraryBrowserForm")
        LibraryBrowserForm.resize(420, 600)
        self.browserLayout = QVBoxLayout(LibraryBrowserForm)
        self.browserLayout.setSpacing(6)
        self.browserLayout.setObjectName(u"browserLayout")
        self.browserLayout.setContentsMargins(8, 8, 4, 6)
        self.titleLabel = QLabel(LibraryBrowserForm)
        self.titleLabel.setObjectName(u"titleLabel")
        self.titleLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.browserLayout.addWidget(self.titleLabel)

        self.filterLayout = QGridLayout()
        self.filterLayout.setObjectName(u"filterLayout")
        self.filterLayout.setHorizontalSpacing(6)
        self.filterLayout.setVerticalSpacing(4)
        self.searchLabel = QLabel(LibraryBrowserForm)
        self.searchLabel.setObjectName(u"searchLabel")
        self.searchLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.filterLayout.addWidget(self.searchLabel, 0, 0, 1, 1)

        self.searchEdit = QLineEdit(LibraryBrowserForm)
        self.searchEdit.setObjectName(u"searchEdit")
        self.searchEdit.setClearButtonEnabled(True)

        self.filterLayout.addWidget(self.searchEdit, 0, 1, 1, 3)

        self.kindLabel = QLabel(LibraryBrowserForm)
        self.kindLabel.setObjectName(u"kindLabel")
        self.kindLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.filterLayout.addWidget(self.kindLabel, 1, 0, 1, 1)

        self.kindCombo = QComboBox(LibraryBrowserForm)
        self.kindCombo.setObjectName(u"kindCombo")

        self.filterLayout.addWidget(self.kindCombo, 1, 1, 1, 3)

        self.profileLabel = QLabel(LibraryBrowserForm)
        self.profileLabel.setObjectName(u"profileLabel")
        self.profileLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.filterLayout.addWidget(self.profileLabel, 2, 0, 1, 1)

        self.profileCombo = QComboBox(LibraryBrowserForm)
        self.profileCombo.setObjectName(u"profileCombo")

        self.filterLayout.addWidget(self.profileCombo, 2, 1, 1, 1)

        self.tagCombo = QComboBox(LibraryBrowserForm)
        self.tagCombo.setObjectName(u"tagCombo")

        self.filterLayout.addWidget(self.tagCombo, 2, 2, 1, 1)

        self.favouritesButton = QToolButton(LibraryBrowserForm)
        self.favouritesButton.setObjectName(u"favouritesButton")
        self.favouritesButton.setCheckable(True)

        self.filterLayout.addWidget(self.favouritesButton, 2, 3, 1, 1)

        self.levelLabel = QLabel(LibraryBrowserForm)
        self.levelLabel.setObjectName(u"levelLabel")
        self.levelLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.filterLayout.addWidget(self.levelLabel, 3, 0, 1, 1)

        self.levelMinSpin = QSpinBox(LibraryBrowserForm)
        self.levelMinSpin.setObjectName(u"levelMinSpin")
        self.levelMinSpin.setMinimum(0)
        self.levelMinSpin.setMaximum(99)

        self.filterLayout.addWidget(self.levelMinSpin, 3, 1, 1, 1)

        self.levelMaxSpin = QSpinBox(LibraryBrowserForm)
        self.levelMaxSpin.setObjectName(u"levelMaxSpin")
        self.levelMaxSpin.setMinimum(0)
        self.levelMaxSpin.setMaximum(99)

        self.filterLayout.addWidget(self.levelMaxSpin, 3, 2, 1, 1)


        self.browserLayout.addLayout(self.filterLayout)

        self.table = QTableView(LibraryBrowserForm)
        self.table.setObjectName(u"table")
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setSortingEnabled(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)

        self.browserLayout.addWidget(self.table)

        self.countLabel = QLabel(LibraryBrowserForm)
        self.countLabel.setObjectName(u"countLabel")
        self.countLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.countLabel.setWordWrap(True)

        self.browserLayout.addWidget(self.countLabel)

#if QT_CONFIG(shortcut)
        self.searchLabel.setBuddy(self.searchEdit)
        self.kindLabel.setBuddy(self.kindCombo)
        self.profileLabel.setBuddy(self.profileCombo)
        self.levelLabel.setBuddy(self.levelMinSpin)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.searchEdit, self.kindCombo)
        QWidget.setTabOrder(self.kindCombo, self.profileCombo)
        QWidget.setTabOrder(self.profileCombo, self.tagCombo)
        QWidget.setTabOrder(self.tagCombo, self.favouritesButton)
        QWidget.setTabOrder(self.favouritesButton, self.levelMinSpin)
        QWidget.setTabOrder(self.levelMinSpin, self.levelMaxSpin)
        QWidget.setTabOrder(self.levelMaxSpin, self.table)

        self.retranslateUi(LibraryBrowserForm)

        QMetaObject.connectSlotsByName(LibraryBrowserForm)
    # setupUi

    def retranslateUi(self, LibraryBrowserForm):
        self.titleLabel.setText(QCoreApplication.translate("LibraryBrowser", u"Library", None))
        self.searchLabel.setText(QCoreApplication.translate("LibraryBrowser", u"&Search:", None))
        self.searchEdit.setPlaceholderText(QCoreApplication.translate("LibraryBrowser", u"Names, tags and text\u2026", None))
        self.kindLabel.setText(QCoreApplication.translate("LibraryBrowser", u"&Kind:", None))
        self.profileLabel.setText(QCoreApplication.translate("LibraryBrowser", u"R&ules:", None))
#if QT_CONFIG(tooltip)
        self.profileCombo.setToolTip(QCoreApplication.translate("LibraryBrowser", u"Rules profile", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.tagCombo.setToolTip(QCoreApplication.translate("LibraryBrowser", u"Tag", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.favouritesButton.setToolTip(QCoreApplication.translate("LibraryBrowser", u"Show favourites only", None))
#endif // QT_CONFIG(tooltip)
        self.favouritesButton.setText(QCoreApplication.translate("LibraryBrowser", u"\u2605", None))
        self.levelLabel.setText(QCoreApplication.translate("LibraryBrowser", u"Le&vel:", None))
#if QT_CONFIG(tooltip)
        self.levelMinSpin.setToolTip(QCoreApplication.translate("LibraryBrowser", u"Lowest level (tier for characters) shown; \"any\" shows entries without a level too", None))
#endif // QT_CONFIG(tooltip)
        self.levelMinSpin.setSpecialValueText(QCoreApplication.translate("LibraryBrowser", u"any", None))
        self.levelMinSpin.setPrefix(QCoreApplication.translate("LibraryBrowser", u"from ", None))
#if QT_CONFIG(tooltip)
        self.levelMaxSpin.setToolTip(QCoreApplication.translate("LibraryBrowser", u"Highest level (tier for characters) shown", None))
#endif // QT_CONFIG(tooltip)
        self.levelMaxSpin.setSpecialValueText(QCoreApplication.translate("LibraryBrowser", u"any", None))
        self.levelMaxSpin.setPrefix(QCoreApplication.translate("LibraryBrowser", u"to ", None))
        self.countLabel.setText("")
        pass
    # retranslateUi

