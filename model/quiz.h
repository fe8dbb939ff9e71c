/*
 * quiz.h -- the problem generator behind `dtmodel quiz TOPIC seed=N [-c]`
 * (quiz.c): one problem per topic and seed, with its worked answer.
 */
#ifndef QUIZ_H
#define QUIZ_H

#include <stdio.h>

#define DT_QUIZ_MAXANS 4

struct dt_quiz {
	int nans;
	struct {
		char key[32];
		double value;	/* the answer, in the unit the problem asks */
		double tol;	/* what grading accepts around it */
	} ans[DT_QUIZ_MAXANS];
};

int dt_quiz_ntopics(void);
const char *dt_quiz_topic(int i);
const char *dt_quiz_what(int i);
/* the index of topic, -1 if there is none */
int dt_quiz_find(const char *topic);

/* Prints topic's problem for seed to f (and with show, the worked answer
 * and "answer: KEY = VALUE" lines); fills q. -1 for an unknown topic. */
int dt_quiz(const char *topic, unsigned long seed, int show, FILE *f,
	    struct dt_quiz *q);

#endif
