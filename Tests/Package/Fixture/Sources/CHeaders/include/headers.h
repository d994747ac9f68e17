#pragma once
int headers(void);
