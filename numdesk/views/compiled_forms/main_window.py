"""Generated from ui/main_window.ui by scripts/compile_forms.py: do not edit."""

from PySide6.QtCore import QCoreApplication, QMetaObject, QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QSpacerItem, QSplitter, QStackedWidget, QTabWidget, QVBoxLayout, QWidget


class Ui_MainWindow(object):
    def setupUi(self, MainWindowForm):
        if not MainWindowForm.objectName():
            MainWindowForm.setObjectName(u"MainWindowForm")
        MainWindowForm.resize(1280, 720)
        self.centralLayout = QVBoxLayout(MainWindowForm)
        self.centralLayout.setSpacing(0)
        self.centralLayout.setObjectName(u"centralLayout")
        self.centralLayout.setContentsMargins(0, 0, 0, 0)
        self.splitter = QSplitter(MainWindowForm)
        self.splitter.setObjectName(u"splitter")
        self.splitter.setOrientation(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.browserHost = QWidget(self.splitter)
        self.browserHost.setObjectName(u"browserHost")
        self.browserHost.setMinimumSize(QSize(320, 0))
        self.splitter.addWidget(self.browserHost)
        self.documentStack = QStackedWidget(self.splitter)
        self.documentStack.setObjectName(u"documentStack")
        self.welcomePage = QWidget()
        self.welcomePage.setObjectName(u"welcomePage")
        self.welcomeLayout = QVBoxLayout(self.welcomePage)
        self.welcomeLayout.setObjectName(u"welcomeLayout")
        self.welcomeTop = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.welcomeLayout.addItem(self.welcomeTop)

        self.welcomeTitle = QLabel(self.welcomePage)
        self.welcomeTitle.setObjectName(u"welcomeTitle")
        self.welcomeTitle.setTextFormat(Qt.TextFormat.PlainText)
        self.welcomeTitle.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.welcomeLayout.addWidget(self.welcomeTitle)

        self.welcomeText = QLabel(self.welcomePage)
        self.welcomeText.setObjectName(u"welcomeText")
        self.welcomeText.setTextFormat(Qt.TextFormat.PlainText)
        self.welcomeText.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.welcomeText.setWordWrap(True)

        self.welcomeLayout.addWidget(self.welcomeText)

        self.welcomeBottom = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.welcomeLayout.addItem(self.welcomeBottom)

        self.documentStack.addWidget(self.welcomePage)
        self.tabs = QTabWidget()
        self.tabs.setObjectName(u"tabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        self.documentStack.addWidget(self.tabs)
        self.splitter.addWidget(self.documentStack)

        self.centralLayout.addWidget(self.splitter)


        self.retranslateUi(MainWindowForm)

        QMetaObject.connectSlotsByName(MainWindowForm)
    # setupUi

    def retranslateUi(self, MainWindowForm):
        self.welcomeTitle.setText(QCoreApplication.translate("MainWindow", u"Nothing open yet", None))
        self.welcomeText.setText(QCoreApplication.translate("MainWindow", u"Double-click an entry in the library to open it, or make a new character with Ctrl+N.\n"
"Sheets save every change as you make it.", None))
        pass
    # retranslateUi

